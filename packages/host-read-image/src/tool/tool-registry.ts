import { checkOption, hasMethods, NON_EMPTY_STRING, rule } from '../options/check-option.ts';
import type { Tool } from '../seams/tool.ts';

/** A tool as the registry needs it: a name to be found by and an execute method to run. */
const TOOL = rule(
  'a Tool (a non-empty string name and an execute method)',
  (value): value is Tool => hasMethods(value, ['execute']) && NON_EMPTY_STRING.accepts((value as { name?: unknown }).name),
);

/** The tools a session offers the model, by name. */
export class ToolRegistry {
  private readonly tools = new Map<string, Tool>();

  /** Adds a tool; the returned disposer removes exactly this registration. */
  register(tool: Tool): () => void {
    checkOption('ToolRegistry.register', 'tool', tool, TOOL);
    if (this.tools.has(tool.name)) throw new Error(`tool ${JSON.stringify(tool.name)} is already registered`);
    this.tools.set(tool.name, tool);
    return () => {
      if (this.tools.get(tool.name) === tool) this.tools.delete(tool.name);
    };
  }

  get(name: string): Tool | undefined {
    return this.tools.get(name);
  }

  names(): string[] {
    return [...this.tools.keys()];
  }
}
