/**
 * A Vite plugin that puts the shop's own modules that the root route imports, however deep, into one
 * chunk of the browser build. The root route is part of every page, so those modules always load
 * together; left to itself the bundler splits them into a few dozen chunks of a few hundred bytes
 * (one per set of routes sharing them), and each is a request and a task before the page can
 * hydrate. Libraries are left to the bundler: a barrel such as lucide-react's would otherwise bring
 * every icon the shop uses anywhere into every page.
 */
import path from "node:path";
import type { Plugin } from "vite";

const ROOT_ROUTE = path.resolve("app/root.tsx");

type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };

function staticImportsOf(entry: string, graph: ModuleGraph): Set<string> {
  const seen = new Set<string>();
  const pending = [entry];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    for (const imported of graph.getModuleInfo(id)?.importedIds ?? []) {
      if (!seen.has(imported)) {
        seen.add(imported);
        pending.push(imported);
      }
    }
  }
  return seen;
}

export function shellChunk(): Plugin {
  return {
    name: "shell-chunk",
    apply: "build",
    configEnvironment(name) {
      if (name !== "client") return;
      let shell: Set<string> | undefined;
      return {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  {
                    name: (id: string, graph: ModuleGraph) => {
                      shell ??= staticImportsOf(ROOT_ROUTE, graph);
                      return shell.has(id) && !id.includes("/node_modules/") ? "shell" : null;
                    },
                  },
                ],
              },
            },
          },
        },
      };
    },
  };
}
