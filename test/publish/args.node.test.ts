/** The operations commands' arguments: what each command accepts, and a clear error for anything else. */
import { describe, expect, it } from "vitest";
import { parseCommand } from "../../scripts/publish/args";

describe("parseCommand", () => {
  it("reads each command's options with their defaults", () => {
    expect(parseCommand(["publish"])).toEqual({
      name: "publish",
      channel: "production",
      dryRun: false,
      strict: false,
      remote: false,
      site: null,
    });
    expect(
      parseCommand(["publish", "--channel", "preview-x", "--dry-run", "--strict", "--remote", "--site", "s"]),
    ).toMatchObject({ channel: "preview-x", dryRun: true, strict: true, remote: true, site: "s" });
    expect(parseCommand(["rollback", "0123456789ab", "--remote"])).toEqual({
      name: "rollback",
      channel: "production",
      buildId: "0123456789ab",
      remote: true,
    });
    expect(parseCommand(["gc", "--retention-days", "7", "--dry-run"])).toEqual({
      name: "gc",
      retentionDays: 7,
      dryRun: true,
      remote: false,
    });
    expect(parseCommand(["gc"])).toMatchObject({ retentionDays: 14 });
    expect(parseCommand(["builds", "--channel=preview-x"])).toMatchObject({ channel: "preview-x" });
    expect(parseCommand(["preview", "feature/x"])).toEqual({ name: "preview", branch: "feature/x", delete: false });
    expect(parseCommand(["preview", "feature/x", "--delete"])).toMatchObject({ delete: true });
    expect(parseCommand(["delete-channel", "preview-x", "--remote"])).toEqual({
      name: "delete-channel",
      channel: "preview-x",
      remote: true,
    });
  });

  it("names what is wrong", () => {
    const cases: [string[], RegExp][] = [
      [[], /no command/],
      [["deploy"], /unknown command "deploy"/],
      [["publish", "--dryrun"], /publish has no option --dryrun/],
      [["gc", "--channel", "x"], /gc has no option --channel/],
      [["publish", "--site"], /--site needs a folder/],
      [["publish", "--site", "--dry-run"], /--site needs a folder/],
      [["publish", "--channel", "Prod/../x"], /invalid channel "Prod\/..\/x"/],
      [["rollback"], /rollback needs a build id/],
      [["rollback", "a", "b"], /rollback takes 1 argument/],
      [["publish", "extra"], /publish takes no argument/],
      [["gc", "--retention-days", "two"], /--retention-days needs a number of days, not "two"/],
      [["gc", "--retention-days", "-1"], /--retention-days needs a number of days/],
      [["delete-channel"], /delete-channel needs a channel name/],
      [["delete-channel", "production"], /delete-channel refuses production/],
    ];
    for (const [argv, message] of cases) expect(() => parseCommand(argv), argv.join(" ")).toThrow(message);
  });
});
