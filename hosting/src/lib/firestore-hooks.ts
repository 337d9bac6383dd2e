/**
 * Live Firestore reads for every list: `useCollection(path, schema)` and `useDocument(path, schema)`.
 * Documents are parsed with the entity's zod schema from common/ (through a converter), so a screen
 * gets typed rows, a loading flag, an error, and the count of documents that failed the schema.
 */
import { useEffect, useMemo, useState } from 'react';
import {
  collection,
  doc,
  documentId,
  limit,
  onSnapshot,
  orderBy,
  query,
  type FirestoreDataConverter,
  type QueryConstraint,
} from 'firebase/firestore';
import type { z } from 'zod';
import { db } from './firestore';
import { notifyDataUpdated } from './snackbar-store';

export type WithId<T> = T & { id: string };

type Parsed<T> = { ok: true; value: WithId<T> } | { ok: false; id: string; issue: string };

/** A converter that parses each document with `schema` and never throws inside a listener. */
export function schemaConverter<S extends z.ZodType>(schema: S): FirestoreDataConverter<Parsed<z.output<S>>> {
  return {
    toFirestore: () => {
      throw new Error('schemaConverter is read-only: writes go through lib/admin-writes (the API)');
    },
    fromFirestore(snapshot) {
      const result = schema.safeParse(snapshot.data());
      return result.success
        ? { ok: true, value: { ...(result.data as object), id: snapshot.id } as WithId<z.output<S>> }
        : { ok: false, id: snapshot.id, issue: result.error.issues[0]?.message ?? 'invalid' };
    },
  };
}

export interface CollectionState<T> {
  rows: Array<WithId<T>>;
  loading: boolean;
  /** The database's message when the listener failed (permission denied, network). */
  error: string | null;
  /** Documents that do not match the schema: left out of `rows`, counted here. */
  invalid: number;
  /** False while the rows come from the local cache only, before the server has answered. */
  synced: boolean;
}

export interface CollectionOptions {
  constraints?: QueryConstraint[];
  /** Key that changes when `constraints` change (they are objects, not comparable). */
  constraintsKey?: string;
  /** The 'Data has been updated.' snackbar after the first load (docs/requirements.md, "Layout and navigation"); on by default. */
  notify?: boolean;
  /**
   * A long list: its first `preview` documents (by id) are read by a small query of their own and shown
   * until the whole list is in, so that the first rows paint without waiting for thousands.
   */
  preview?: number;
  /** False: no listener and no rows (a live page that the user stopped). */
  enabled?: boolean;
}

/** A live collection (or query), parsed with `schema`. */
export function useCollection<S extends z.ZodType>(
  path: string,
  schema: S,
  options: CollectionOptions = {},
): CollectionState<z.output<S>> {
  const { notify = true, constraintsKey = '', preview = 0, enabled = true } = options;
  const key = `${path}|${constraintsKey}|${enabled ? 'on' : 'off'}`;
  // The state of one query: while the key differs from the one answered, the hook reports loading.
  const [state, setState] = useState<{ key: string } & CollectionState<z.output<S>>>({
    key: '',
    rows: [],
    loading: true,
    error: null,
    invalid: 0,
    synced: false,
  });
  // The constraints of the current key (a new key brings new ones, e.g. the audit page's filters).
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const constraints = useMemo(() => options.constraints ?? [], [constraintsKey]);
  const [converter] = useState(() => schemaConverter(schema));
  const [head, setHead] = useState<{ key: string; rows: Array<WithId<z.output<S>>> }>({ key: '', rows: [] });
  useEffect(() => {
    if (!preview || !enabled) return;
    const small = query(collection(db, path), ...constraints, orderBy(documentId()), limit(preview));
    return onSnapshot(small.withConverter(converter), (snapshot) =>
      setHead({ key, rows: snapshot.docs.flatMap((document) => {
        const parsed = document.data();
        return parsed.ok ? [parsed.value] : [];
      }) }),
    () => undefined);
    // `key` stands for the path and the constraints.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, converter, preview, enabled]);
  useEffect(() => {
    if (!enabled) return;
    let first = true;
    const source = query(collection(db, path), ...constraints).withConverter(converter);
    return onSnapshot(
      source,
      { includeMetadataChanges: true },
      (snapshot) => {
        const rows: Array<WithId<z.output<S>>> = [];
        let invalid = 0;
        for (const document of snapshot.docs) {
          const parsed = document.data();
          if (parsed.ok) rows.push(parsed.value);
          else invalid += 1;
        }
        setState({ key, rows, loading: false, error: null, invalid, synced: !snapshot.metadata.fromCache });
        if (first) notifyDataUpdated({ omitNotification: !notify });
        first = false;
      },
      (error) => setState({ key, rows: [], loading: false, error: error.message, invalid: 0, synced: false }),
    );
    // `key` stands for the path and the constraints.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, converter, notify, enabled]);
  if (!enabled) return { rows: [], loading: false, error: null, invalid: 0, synced: false };
  if (state.key !== key)
    return head.key === key && head.rows.length > 0
      ? { rows: head.rows, loading: true, error: null, invalid: 0, synced: false }
      : { rows: [], loading: true, error: null, invalid: 0, synced: false };
  return state;
}

export interface DocumentState<T> {
  data: WithId<T> | null;
  loading: boolean;
  error: string | null;
  /** The document exists but does not match the schema. */
  invalid: boolean;
}

/** A live document, parsed with `schema`; `data` is null while loading or when it does not exist. */
export function useDocument<S extends z.ZodType>(path: string, schema: S): DocumentState<z.output<S>> {
  const [state, setState] = useState<{ path: string } & DocumentState<z.output<S>>>({
    path: '',
    data: null,
    loading: true,
    error: null,
    invalid: false,
  });
  const [converter] = useState(() => schemaConverter(schema));
  useEffect(
    () =>
      onSnapshot(
        doc(db, path).withConverter(converter),
        (snapshot) => {
          const parsed = snapshot.exists() ? snapshot.data() : null;
          setState({
            path,
            data: parsed?.ok ? parsed.value : null,
            loading: false,
            error: null,
            invalid: parsed?.ok === false,
          });
        },
        (error) => setState({ path, data: null, loading: false, error: error.message, invalid: false }),
      ),
    [path, converter],
  );
  if (state.path !== path) return { data: null, loading: true, error: null, invalid: false };
  return state;
}
