/** A GraphQL text found in a file: a `.graphql` file's whole text, or one literal of code (extract.ts). */
export interface GraphQLText {
  body: string;
  /** UTF-16 offset of `body`'s first character in the file. */
  offset: number;
  /** For untagged GraphQL: the URL the file sends it to, where it shows one (untagged.ts). */
  sentTo?: string;
}
