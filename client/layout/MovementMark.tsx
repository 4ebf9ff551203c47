/**
 * The Movement pixel mark: nine squares, the top-left one always brand yellow, the rest in the
 * current text colour. The shape is defined once per document (MarkSymbol) and referenced, so
 * pages with many cards stay small.
 */
const SQUARES: [number, number][] = [
  [0, 22],
  [11, 11],
  [11, 33],
  [22, 22],
  [33, 11],
  [33, 33],
  [44, 0],
  [44, 22],
];

export function MarkSymbol() {
  return (
    <svg width="0" height="0" className="sprite" aria-hidden="true" focusable="false">
      <symbol id="movement-mark" viewBox="0 0 55 44">
        <rect x={0} y={0} width={11} height={11} fill="#ffda34" />
        {SQUARES.map(([x, y]) => (
          <rect key={`${x}-${y}`} x={x} y={y} width={11} height={11} fill="currentColor" />
        ))}
      </symbol>
    </svg>
  );
}

export function MovementMark({ className, size = 28 }: { className?: string; size?: number }) {
  return (
    <svg className={className} width={size} height={(size * 44) / 55} aria-hidden="true" focusable="false">
      <use href="#movement-mark" />
    </svg>
  );
}
