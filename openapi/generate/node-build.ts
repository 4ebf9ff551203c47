/**
 * Which node build a document describes (`info.x-node-build`), stated on the landing page with a
 * link to what changed from the earlier build, when that page exists.
 */
import type { TreeNode } from "../../common/tree";
import { h } from "./tree";

export interface NodeBuild {
  name: string;
  repository: string;
  branch: string;
  commit: string;
}

export function nodeBuildOf(info: object): NodeBuild | null {
  const build = (info as { "x-node-build"?: Partial<NodeBuild> })["x-node-build"];
  if (!build) return null;
  const { name, repository, branch, commit } = build;
  if (!name || !repository || !branch || !commit || !/^[0-9a-f]{40}$/.test(commit))
    throw new Error("info.x-node-build needs name, repository, branch and a 40-digit commit");
  return { name, repository, branch, commit };
}

export function nodeBuildSection(build: NodeBuild, changes: { href: string; title: string } | null): TreeNode[] {
  const repo = build.repository.replace(/\/$/, "");
  const repoName = repo.replace(/^https:\/\/github\.com\//, "");
  const out: TreeNode[] = [
    h("h2", { id: "node-build" }, "Which node build this describes"),
    h(
      "p",
      null,
      `This reference describes the node API of the ${build.name} build: branch `,
      h("code", null, build.branch),
      " of ",
      h("a", { href: repo }, repoName),
      " at commit ",
      h("a", { href: `${repo}/commit/${build.commit}` }, h("code", null, build.commit.slice(0, 8))),
      ".",
    ),
    h(
      "p",
      null,
      "Which build the public nodes of each network run has not been confirmed. A node tells you itself: ",
      h("code", null, "git_hash"),
      " in the answer of ",
      h("code", null, "GET /"),
      " is the commit it was built from.",
    ),
  ];
  if (changes)
    out.push(
      h(
        "p",
        null,
        "For what differs from the build the network ran before, see ",
        h("a", { href: changes.href }, changes.title),
        ".",
      ),
    );
  return out;
}
