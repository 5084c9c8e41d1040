import type { Role } from "../generated/prisma/enums";

/** What a request needs to know of a user to let it in. */
export interface CachedUser {
  organization_id: string;
  role: Role;
  active: boolean;
  token_version: number;
}

/** What a request needs to know of an access key to let it in. */
export interface CachedKey {
  id: string;
  organization_id: string;
  role: Role;
  code_hash: string;
}

interface Entry<T> {
  value: T;
  expires: number;
}

/**
 * Users and access keys as last read from the database, so a read costs no credential
 * query. Entries are dropped when a credential changes: by the instance that changed it
 * right after its commit, and by every instance when PostgreSQL's NOTIFY reaches it
 * (server/auth/credential-events.ts). While that notification channel is down, entries
 * live only a second. Writes never trust the cache: they re-read the credential inside
 * their transaction (server/auth/principal.ts, `confirmForWrite`).
 */
export class CredentialCache {
  private readonly users = new Map<string, Entry<CachedUser | null>>();
  private readonly keys = new Map<string, Entry<CachedKey | null>>();
  /** Access key id → token, to drop a key's entry from its id. */
  private readonly tokensById = new Map<string, string>();
  /** Set while the instance is subscribed to credential changes. */
  listening = false;

  constructor(
    private readonly ttlListeningMs = 10 * 60_000,
    private readonly ttlDeafMs = 1_000,
    private readonly maxEntries = 20_000,
  ) {}

  private ttl(): number {
    return this.listening ? this.ttlListeningMs : this.ttlDeafMs;
  }

  private static fresh<T>(entry: Entry<T> | undefined): entry is Entry<T> {
    return entry !== undefined && entry.expires > Date.now();
  }

  async user(id: string, load: () => Promise<CachedUser | null>): Promise<CachedUser | null> {
    const hit = this.users.get(id);
    if (CredentialCache.fresh(hit)) return hit.value;
    const value = await load();
    if (this.users.size >= this.maxEntries) this.users.clear();
    this.users.set(id, { value, expires: Date.now() + this.ttl() });
    return value;
  }

  async key(token: string, load: () => Promise<CachedKey | null>): Promise<CachedKey | null> {
    const hit = this.keys.get(token);
    if (CredentialCache.fresh(hit)) return hit.value;
    const value = await load();
    if (this.keys.size >= this.maxEntries) {
      this.keys.clear();
      this.tokensById.clear();
    }
    this.keys.set(token, { value, expires: Date.now() + this.ttl() });
    if (value) this.tokensById.set(value.id, token);
    return value;
  }

  forgetUser(id: string): void {
    this.users.delete(id);
  }

  forgetKey(id: string): void {
    const token = this.tokensById.get(id);
    if (token !== undefined) this.keys.delete(token);
    this.tokensById.delete(id);
  }

  clear(): void {
    this.users.clear();
    this.keys.clear();
    this.tokensById.clear();
  }
}
