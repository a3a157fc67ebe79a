// Reasoning models write their thinking into the answer: DeepSeek-R1 and QwQ open with <think>…</think>, Qwen3 through
// Ollama, vLLM or llama.cpp may think again between parts of the answer, and servers whose chat template already opened
// the tag send only the closing </think>. None of it is part of the answer.

const TAGS = ['think', 'thinking', 'reasoning', 'thought'];
const NAME = TAGS.join('|');
const BLOCK = new RegExp(`<(${NAME})>[\\s\\S]*?</\\1>`, 'gi');
const OPEN = new RegExp(`<(?:${NAME})>`, 'i');
const CLOSE = new RegExp(`</(?:${NAME})>`, 'i');

/**
 * The answer without its reasoning: every closed block anywhere, a closing tag whose opening the server's template
 * swallowed (everything before it), and a block still open when the answer ended (everything after it).
 */
export function stripReasoning(text: string): string {
  let answer = text.replace(BLOCK, '');
  for (let close = CLOSE.exec(answer); close; close = CLOSE.exec(answer)) {
    const open = OPEN.exec(answer);
    if (open && open.index < close.index) break;
    answer = answer.slice(close.index + close[0].length);
  }
  const unclosed = OPEN.exec(answer);
  if (unclosed) answer = answer.slice(0, unclosed.index);
  return answer.trim();
}
