import { afterEach } from 'vitest';
import { assembleStore } from '../store/open';
import type { SharedStore } from '../store/shared-store';
import type { RawStore, StoreKind, storeKinds } from './store-kinds';

const REPLICA_OPTS = { upstreamTtlMs: 72 * 60 * 60 * 1000, uploadsCapBytes: 1024 * 1024 };

/**
 * For a suite of a store seen by many replicas: `two` opens two stores, each with its own
 * connection, on one fresh database (and answers that database too); `keep` hands over a
 * store a test assembled itself. Each is closed after its test, newest first.
 */
export function replicas(kinds: ReturnType<typeof storeKinds>) {
  const opened: { store: SharedStore; raw: RawStore }[] = [];
  afterEach(async () => {
    for (const { store, raw } of opened.splice(0).reverse()) {
      await store.close();
      raw.dispose();
    }
  });
  const keep = (store: SharedStore, raw: RawStore) => void opened.push({ store, raw });
  const two = async (kind: StoreKind) => {
    const raw = await kinds.raw(kind);
    const a = await assembleStore(raw.db, raw.d, REPLICA_OPTS);
    const other = raw.reopen();
    const b = await assembleStore(other.db, other.d, REPLICA_OPTS);
    keep(a, raw);
    keep(b, { ...other, dispose: () => undefined });
    return [a, b, raw.db] as const;
  };
  return { two, keep };
}
