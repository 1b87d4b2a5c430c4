/** Text for speech (spec, section 5): code blocks announced, Markdown marks, links and tags removed. */
export function toSpeechText(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, ' code block omitted. ')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/https?:\/\/\S+/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/^#{1,6}\s*/gm, '')
    .replace(/(\*\*|__|\*|_|~~)/g, '')
    .replace(/^\s*[-+]\s+/gm, '')
    .replace(/^\s*>\s?/gm, '')
    .replace(/[ \t]+/g, ' ')
    .replace(/\n{2,}/g, '\n')
    .trim();
}

const PREFERRED_VOICES = ['Premium', 'Enhanced', 'Daniel', 'Samantha'];

export function speechSupported(): boolean {
  return typeof window !== 'undefined' && 'speechSynthesis' in window && 'SpeechSynthesisUtterance' in window;
}

/** Speaks a reply at rate 1, pitch 1, en-US, preferring the better voices. */
export function speak(markdown: string, onEnd: () => void): void {
  const synth = window.speechSynthesis;
  synth.cancel();
  const utterance = new SpeechSynthesisUtterance(toSpeechText(markdown));
  utterance.rate = 1;
  utterance.pitch = 1;
  utterance.lang = 'en-US';
  const voices = synth.getVoices();
  const voice =
    voices.find((v) => PREFERRED_VOICES.some((name) => v.name.includes(name))) ?? voices.find((v) => v.lang === 'en-US');
  if (voice) utterance.voice = voice;
  utterance.onend = onEnd;
  utterance.onerror = (event) => {
    console.error('Speech synthesis failed', event);
    onEnd();
  };
  synth.speak(utterance);
}

export function stopSpeaking(): void {
  if (speechSupported()) window.speechSynthesis.cancel();
}
