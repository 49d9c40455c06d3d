/**
 * The rules of the files shared on an engagement (docs/engagements.md, "Files"): their sizes,
 * the types their bytes may show, and the words of each refusal, as the server answers them
 * and the admin's screen shows them.
 */

/** At most this many bytes a file. */
export const ENGAGEMENT_FILE_MAX_BYTES = 10 * 1024 * 1024;
/** At most this many bytes of files on one engagement, both sides together. */
export const ENGAGEMENT_FILES_TOTAL_BYTES = 200 * 1024 * 1024;
/** A cleaned name keeps at most this many characters, its extension included. */
export const ENGAGEMENT_FILE_NAME_MAX = 120;

/** The types a file's bytes may show, by the extension its cleaned name ends with. */
export const ENGAGEMENT_FILE_TYPES = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  txt: 'text/plain; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  zip: 'application/zip',
} as const;
export type EngagementFileKind = keyof typeof ENGAGEMENT_FILE_TYPES;

export const ENGAGEMENT_FILE_MESSAGES = {
  tooLarge: 'A file can be at most 10 MB.',
  totalTooLarge: 'An engagement can hold at most 200 MB of files; delete some first.',
  wrongType:
    'This type of file is not accepted: send a PDF, PNG, JPEG, WebP, text, Markdown, CSV, Word, Excel, PowerPoint or ZIP file.',
  noFile: 'Choose a file to upload (the form field "file").',
  notMultipart: 'Send the file as multipart/form-data.',
  malformed: 'The upload could not be read as multipart/form-data.',
  empty: 'The file is empty.',
  uploadsOff: 'Uploads are not open on this page.',
  closed: 'This engagement is closed: its files can be read, not added to.',
  notFound: 'No such file.',
} as const;
