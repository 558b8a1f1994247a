/** Call arguments for reading: indented when they are valid JSON, else exactly as the model wrote them. */
export function prettyArguments(argsRaw: string): string {
  try {
    return JSON.stringify(JSON.parse(argsRaw), null, 2);
  } catch {
    return argsRaw;
  }
}
