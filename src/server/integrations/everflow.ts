/**
 * Everflow, the affiliate network an offer's `ef_offer_id` belongs to (001 §3 "Offer: …
 * ef_offer_id"; when configured, an offer's ef_offer_id is checked against Everflow). One
 * call: `GET /v1/networks/offers/{offer_id}` of Everflow's Network API with the
 * `X-Eflow-API-Key` header. The key lives in a private field and travels only in that header:
 * it is never part of a message, a log line or an answer.
 */
import { parseJson, ProviderError, ResilientHttp, type ProviderClientOptions, type ProviderHealth, type RetryPolicy } from './http-retry.ts';

/** Everflow's Network API base URL (EVERFLOW_API_URL's default). */
export const DEFAULT_EVERFLOW_API_URL = 'https://api.eflow.team/v1';

/**
 * How long an operator's save may wait for Everflow: the check runs while the offer form
 * waits, so fewer and shorter tries than a background sync (about 5 s per try, 2 retries
 * 250 ms and 500 ms apart).
 */
export const EVERFLOW_RETRY_POLICY: Partial<RetryPolicy> = { timeoutMs: 5_000, retries: 2, baseDelayMs: 250, maxTotalWaitMs: 5_000 };

/** The 422 message of an `ef_offer_id` Everflow does not know, in the seeds' words ("Offer [id] already exists", 001 §5). */
export const everflowOfferUnknown = (id: number) => `Everflow offer ${id} does not exist`;

/** The 502 / 503 answers of a route that checks with Everflow (its OpenAPI `errors(…)`). */
export const EVERFLOW_ERROR_DOCS = {
  502: ['Everflow is not answering (HTTP 503) after 3 tries'],
  503: ['Everflow is limiting our requests: paused for 60 s', 'Everflow is not answering: paused for 30 s'],
} as const;

/** What the client needs. */
export interface EverflowOptions extends ProviderClientOptions {
  /** e.g. https://api.eflow.team/v1 (no trailing slash). */
  apiUrl: string;
  /** A Network API key (Control Center › Security). */
  apiKey: string;
}

/** Everflow's Network API, as far as the offer check needs it. */
export class EverflowClient {
  readonly kind = 'everflow';
  private readonly http: ResilientHttp;
  readonly #key: string;
  private readonly apiUrl: string;

  constructor(opts: EverflowOptions) {
    this.#key = opts.apiKey;
    this.apiUrl = opts.apiUrl;
    this.http = new ResilientHttp('Everflow', { ...EVERFLOW_RETRY_POLICY, ...opts.policy }, opts.deps);
  }

  /**
   * The Everflow offer `id` (its `network_offer_id`) with its name and status, or null when
   * Everflow has no such offer (404).
   * @throws ProviderError when Everflow is unreachable, paused, rate limiting, refuses the key
   * or answers a malformed body (502 / 503 with Everflow's message).
   */
  async offer(id: number): Promise<{ network_offer_id: number; name: string; offer_status: string } | null> {
    const path = `/networks/offers/${id}`;
    const out = await this.http.sendJson<never>({ method: 'GET', base: this.apiUrl, path, headers: { 'x-eflow-api-key': this.#key } });
    if ('recovered' in out) return null;
    const { status, text } = out.answer;
    const body = parseJson(text) ?? null;
    const message = (b: unknown) => (b && typeof b === 'object' && 'Error' in b && typeof b.Error === 'string' ? b.Error : `HTTP ${status}`);
    if (status === 404) return null;
    if (status === 401 || status === 403) throw this.http.refusedCredentials('the API key', message(body));
    if (status >= 200 && status < 300 && typeof body === 'object' && body !== null && 'network_offer_id' in body && typeof body.network_offer_id === 'number') {
      return {
        network_offer_id: body.network_offer_id,
        name: 'name' in body && typeof body.name === 'string' ? body.name : '',
        offer_status: 'offer_status' in body && typeof body.offer_status === 'string' ? body.offer_status : '',
      };
    }
    if (status >= 200 && status < 300) {
      throw this.http.malformed(`GET ${path} answered a malformed body (HTTP ${status})`, `HTTP ${status}`);
    }
    this.http.noteError(`Everflow: ${message(body)}`);
    throw new ProviderError('Everflow', 'refused', `Everflow refused the offer check: ${message(body)}`);
  }

  /**
   * The Status screen's connection check: `GET /v1/networks`, the network's own
   * record. @throws ProviderError when Everflow cannot be used or refuses the key.
   */
  async ping(): Promise<void> {
    const out = await this.http.sendJson<never>({ method: 'GET', base: this.apiUrl, path: '/networks', headers: { 'x-eflow-api-key': this.#key } });
    if ('recovered' in out) return;
    const { status } = out.answer;
    if (status === 401 || status === 403) {
      this.http.noteError('Everflow refused the API key');
      throw new ProviderError('Everflow', 'refused', 'Everflow refused the API key');
    }
    if (status >= 300) throw new ProviderError('Everflow', 'refused', `Everflow answered HTTP ${status}`);
  }

  /** Last error, pause and rate-limit headroom (Status screen). */
  health(): ProviderHealth {
    return this.http.health();
  }
}
