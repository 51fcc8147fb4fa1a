export * from './assistant-errors.js';
export * from './chat-stream.js';
