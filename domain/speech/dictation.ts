/**
 * Spoken punctuation ("komma", "punt", "nieuwe regel") becomes the real thing. One pure function
 * for both readers of dictated text: the intent reflex, which wants one flat line, and the chat
 * input, which keeps line breaks and starts each sentence with a capital.
 */

export interface DictationOptions {
  /** Line breaks for "nieuwe regel"/"nieuwe alinea" and capitals after a sentence end (the chat input); otherwise one line. */
  layout?: 'line' | 'text';
}

// A recogniser that punctuates by itself may put its own mark right after the spoken one ("komma.").
const providerMark = '[.,;:!?]?';

const commands: { spoken: RegExp; line: string; text: string }[] = [
  { spoken: new RegExp(`\\s*\\bdubbele punt\\b${providerMark}\\s*`, 'gi'), line: ': ', text: ': ' },
  { spoken: new RegExp(`\\s*\\bkomma\\b${providerMark}\\s*`, 'gi'), line: ', ', text: ', ' },
  { spoken: new RegExp(`\\s*\\bnieuwe alinea\\b${providerMark}\\s*`, 'gi'), line: '. ', text: '\n\n' },
  { spoken: new RegExp(`\\s*\\bnieuwe regel\\b${providerMark}\\s*`, 'gi'), line: '. ', text: '\n' },
  { spoken: new RegExp(`\\s*\\bvraagteken\\b${providerMark}\\s*`, 'gi'), line: '? ', text: '? ' },
  { spoken: new RegExp(`\\s*\\buitroepteken\\b${providerMark}\\s*`, 'gi'), line: '! ', text: '! ' },
  { spoken: new RegExp(`\\s*\\bpunt\\b${providerMark}\\s*`, 'gi'), line: '. ', text: '. ' },
];

export function applyDictation(input: string, { layout = 'line' }: DictationOptions = {}): string {
  const replaced = commands.reduce((text, command) => text.replace(command.spoken, command[layout]), input);
  if (layout === 'line') return replaced;
  return replaced
    .replace(/[ \t]+\n/g, '\n')
    .replace(/[ \t]+$/, '')
    .replace(/([.?!]\s+|\n)(\p{Ll})/gu, (_, end: string, letter: string) => end + letter.toLocaleUpperCase('nl-NL'));
}

/**
 * Adds a finished piece of dictation to what is already in the input: one space between words,
 * none after a line break, and a capital where a new sentence starts.
 */
export function appendDictation(draft: string, transcript: string): string {
  const piece = applyDictation(transcript.trim(), { layout: 'text' }).replace(/^[ \t]+/, '');
  if (!piece) return draft;
  const startsSentence = draft.trim() === '' || /[.?!]\s*$|\n\s*$/.test(draft);
  const text = startsSentence ? piece.replace(/^\p{Ll}/u, (letter) => letter.toLocaleUpperCase('nl-NL')) : piece;
  if (draft === '' || /\s$/.test(draft) || /^[,.:;?!\n]/.test(text)) return draft + text;
  return `${draft} ${text}`;
}
