/** Copy buttons on code blocks. */
import { onClick } from "./dom.client";

export function setupCopyButtons(): void {
  onClick("[data-copy]", (button) => {
    const code = button.closest(".code-block")?.querySelector("pre")?.textContent ?? "";
    navigator.clipboard?.writeText(code).then(
      () => {
        button.textContent = "Copied";
        button.classList.add("copied");
        setTimeout(() => {
          button.textContent = "Copy";
          button.classList.remove("copied");
        }, 1500);
      },
      () => {
        button.textContent = "Press Ctrl+C";
      },
    );
  });
}
