import type { Tool } from '../seams/tool.ts';

/** The tools a session offers the model, by name. */
export class ToolRegistry {
  private readonly tools = new Map<string, Tool>();

  /** Adds a tool; the returned disposer removes exactly this registration. */
  register(tool: Tool): () => void {
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
