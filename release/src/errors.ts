/** A refusal the release manager can act on; the CLI prints its message without a stack. */
export class ReleaseError extends Error {
  override name = 'ReleaseError';
}
