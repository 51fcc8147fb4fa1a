// fontkit 2 ships no type declarations; the layout uses only `create`, handing the parsed font to pdf-lib.
declare module 'fontkit' {
  export function create(buffer: Uint8Array, postscriptName?: string): unknown;
}
