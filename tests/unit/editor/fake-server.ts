/**
 * A small but faithful stand-in for the API's PATCH endpoint (The flow of one
 * edit): If-Match version check → ConflictError with the current document, RFC 6902 apply
 * with the shared helpers (all-or-nothing), version + 1, and Idempotency-Key replay.
 */
import { applyOps, type Operation } from '../../../src/model/jsonpatch';
import { ConflictError, type DocId, type RemoteDoc, type SaveTransport } from '../../../src/editor';

export interface PatchCall {
  doc: DocId;
  ops: Operation[];
  version: number;
  idempotencyKey: string;
  label: string;
}

export class FakeServer implements SaveTransport {
  readonly docs = new Map<DocId, { value: unknown; version: number }>();
  readonly calls: PatchCall[] = [];
  private readonly replies = new Map<string, { ops: string; reply: RemoteDoc }>();
  /** Errors thrown by the next calls before the server looks at them (network down, 401, 429). */
  failures: Error[] = [];
  /** Errors thrown by the next new (not replayed) requests after the key lookup (validation 4xx, 5xx). */
  rejections: Error[] = [];
  /** When set, the next call applies the patch but the response is "lost" (throws this). */
  loseNextResponse?: Error;

  private gate?: Promise<void>;

  /** Holds every PATCH (after recording the call) until the returned function is called. */
  hold(): () => void {
    let release!: () => void;
    this.gate = new Promise<void>((r) => {
      release = r;
    });
    return () => {
      this.gate = undefined;
      release();
    };
  }

  constructor(initial: Record<string, { value: unknown; version: number }> = {}) {
    for (const [doc, d] of Object.entries(initial)) this.docs.set(doc as DocId, { value: structuredClone(d.value), version: d.version });
  }

  /** Another operator's change, straight on the server. */
  external(doc: DocId, ops: Operation[]): void {
    const d = this.docs.get(doc)!;
    this.docs.set(doc, { value: applyOps(d.value, ops), version: d.version + 1 });
  }

  current(doc: DocId): RemoteDoc {
    const d = this.docs.get(doc)!;
    return { value: structuredClone(d.value), version: d.version };
  }

  async patch(doc: DocId, sent: Operation[], o: { version: number; idempotencyKey: string; label: string }): Promise<RemoteDoc> {
    const ops = structuredClone(sent); // what travels on the wire: no shared references with the client
    const body = JSON.stringify(ops);
    this.calls.push({ doc, ops: structuredClone(ops), ...o });
    await (this.gate ?? Promise.resolve());
    const fail = this.failures.shift();
    if (fail) throw fail;
    const seen = this.replies.get(o.idempotencyKey);
    if (seen) {
      if (seen.ops !== body) throw new Error('Idempotency-Key reused with a different body');
      return structuredClone(seen.reply);
    }
    const rejection = this.rejections.shift();
    if (rejection) throw rejection;
    const d = this.docs.get(doc);
    if (!d) throw new Error(`404 ${doc}`);
    if (d.version !== o.version) throw new ConflictError(this.current(doc));
    const value = applyOps(d.value, ops); // throws PatchError: the whole patch fails
    this.docs.set(doc, { value, version: d.version + 1 });
    const reply = this.current(doc);
    this.replies.set(o.idempotencyKey, { ops: body, reply });
    const lost = this.loseNextResponse;
    this.loseNextResponse = undefined;
    if (lost) throw lost;
    return structuredClone(reply);
  }
}
