// What the rest of the server may use of the uploads domain: reading an uploaded file, recognising
// audio, clearing unfinished uploads at start, and the uploads table (what a post's images refer to).
export { sniffAudioType } from './audio';
export { clearIncomingUploads } from './receiving';
export { openUpload } from './serving';
export { uploads } from './tables';
