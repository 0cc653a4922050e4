/**
 * A connection URL fit for logs and error messages: its password replaced by *** (the user name
 * stays, so the message still tells which account was tried). `redis://:pw@host` has an empty user.
 */
export function maskUrl(url: string): string {
  return url.replace(/\/\/([^:@/]*):[^@/]*@/, '//$1:***@');
}
