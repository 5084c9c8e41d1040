import { afterCommit } from "../db/transaction";
import type { Db } from "../db/scoped";
import { CREDENTIALS_CHANNEL, getRuntime } from "../runtime";

export type CredentialChange = { kind: "user"; id: string } | { kind: "key"; id: string };

/**
 * Announces that a credential changed (revoked key, deactivated user, new role,
 * password reset) so every instance drops what it cached: PostgreSQL delivers the
 * NOTIFY to all listeners when the transaction commits, and this instance drops its
 * own entry right after the commit, before the request answers.
 */
export async function credentialChanged(db: Db, change: CredentialChange): Promise<void> {
  await db.$executeRaw`SELECT pg_notify(${CREDENTIALS_CHANNEL}, ${`${change.kind}:${change.id}`})`;
  afterCommit(db, () => {
    const { credentials } = getRuntime();
    if (change.kind === "user") credentials.forgetUser(change.id);
    else credentials.forgetKey(change.id);
  });
}
