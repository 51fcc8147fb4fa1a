// The frame's texts of a language, picked from its catalogue at build time (build/frame-texts.ts).
declare module 'virtual:frame-texts/*' {
  const texts: Readonly<Record<string, string>>;
  export default texts;
}
