import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import Stripe from 'stripe';

// CI cannot reach Stripe: this is a local stand-in for the few endpoints of Stripe's API the service calls, on a
// real HTTP server on loopback, in Stripe's wire format (form-encoded requests with bracketed keys, Bearer secret key,
// JSON objects shaped as in Stripe's API reference, errors as { error: { type, code, message } }). The service's
// official SDK is pointed at it with USSYNTH_STRIPE_API_URL. What a customer does on Stripe's own pages (paying in
// Checkout, cancelling in the Portal, a card that fails) is done by the test through the methods below, which change
// the objects and build the events Stripe would send; the test signs and delivers them.

/** One request the double received: method, path and the form fields (flat, with Stripe's bracketed keys). */
export interface StripeRequest {
  method: string;
  path: string;
  form: Record<string, string>;
  /** The query string's parameters (a GET's, such as a list's `customer`). */
  query: Record<string, string>;
  /** The secret key the SDK sent (Bearer). */
  apiKey: string;
  /** The Idempotency-Key header of a POST, if any. */
  idempotencyKey: string | undefined;
}

/** A Stripe Price as the double keeps it. */
export interface DoublePrice {
  id: string;
  unitAmount: number;
  currency: string;
  interval: 'month' | 'year';
}

/** A subscription as the double keeps it (serialized in Stripe's shape). */
export interface DoubleSubscription {
  id: string;
  customer: string;
  status: string;
  priceId: string;
  currentPeriodEnd: number;
  metadata: Record<string, string>;
}

/** A Stripe Event object, ready to sign and deliver. */
export interface StripeEventObject {
  id: string;
  object: 'event';
  type: string;
  created: number;
  livemode: false;
  api_version: string;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  data: { object: Record<string, unknown> };
}

/** The running double. */
export interface StripeDouble {
  /** Base URL (`http://127.0.0.1:PORT`) for USSYNTH_STRIPE_API_URL. */
  url: string;
  /** The secret key it accepts. */
  secretKey: string;
  /** The webhook signing secret the tests sign with. */
  webhookSecret: string;
  /** The Prices it knows. */
  prices: { standard: DoublePrice; pro: DoublePrice };
  /** Every API request received, oldest first. */
  requests: StripeRequest[];
  /** Checkout Sessions made, by id (their form as sent). */
  checkoutSessions: Map<string, Record<string, string>>;
  /** The status of each Checkout Session by id: `open`, `complete` (paid) or `expired`. */
  checkoutStatus: Map<string, 'open' | 'complete' | 'expired'>;
  /** Customers by id (made by `POST /v1/customers` or by a Checkout without one). */
  customers: Map<string, { id: string; email: string | null; metadata: Record<string, string> }>;
  /** Subscriptions by id. */
  subscriptions: Map<string, DoubleSubscription>;
  /** When set, every API call answers 500 (Stripe having trouble). */
  failing: boolean;
  /**
   * What Stripe does when the customer pays in Checkout: makes the customer
   * (unless the session named one) and an active subscription on the session's
   * Price, and returns the events Stripe sends (subscription created,
   * invoice paid, checkout completed). Throws for a session that is not open
   * (Stripe's page does not take payment for an expired or completed one).
   */
  completeCheckout(sessionId: string): { subscription: DoubleSubscription; events: StripeEventObject[] };
  /**
   * A subscription made outside Checkout (in Stripe's Dashboard, or by an older release that let an account make two):
   * active on `priceId` for `customer`, with `metadata`; returns its `customer.subscription.created` event.
   */
  createSubscription(
    customer: string,
    priceId: string,
    metadata: Record<string, string>,
  ): { subscription: DoubleSubscription; event: StripeEventObject };
  /** Changes a subscription (status, Price) as Stripe would and returns its `customer.subscription.updated` (or `deleted` when canceled) event. */
  updateSubscription(
    id: string,
    change: Partial<Pick<DoubleSubscription, 'status' | 'priceId' | 'currentPeriodEnd'>>,
  ): StripeEventObject;
  /** An invoice event (`invoice.paid`, `invoice.payment_failed`) of the subscription, in the current API's shape. */
  invoiceEvent(type: 'invoice.paid' | 'invoice.payment_failed', subscriptionId: string): StripeEventObject;
  /** Signs `event` as Stripe does (the SDK's generateTestHeaderString) and POSTs it to `webhookUrl`; `signature` overrides the header. */
  deliver(
    webhookUrl: string,
    event: StripeEventObject,
    options?: { signature?: string | null; secret?: string },
  ): Promise<Response>;
  close(): Promise<void>;
}

const API_VERSION = Stripe.API_VERSION;

/**
 * Starts the Stripe API double on 127.0.0.1 (a free port).
 * @example const stripe = await startStripeDouble(); env.USSYNTH_STRIPE_API_URL = stripe.url;
 */
export async function startStripeDouble(): Promise<StripeDouble> {
  let counter = 0;
  const nextId = (prefix: string) =>
    `${prefix}_test${String(++counter).padStart(6, '0')}${Math.floor(Date.now() / 1000).toString(36)}`;
  const secretKey = 'sk_test_ussynthdouble0000000000';
  const prices = {
    standard: { id: 'price_standardMonthly', unitAmount: 1900, currency: 'usd', interval: 'month' as const },
    pro: { id: 'price_proMonthly', unitAmount: 4900, currency: 'usd', interval: 'month' as const },
  };
  const requests: StripeRequest[] = [];
  const checkoutSessions = new Map<string, Record<string, string>>();
  const subscriptions = new Map<string, DoubleSubscription>();
  const checkoutStatus = new Map<string, 'open' | 'complete' | 'expired'>();
  const checkoutCreated = new Map<string, number>();
  const checkoutSubscription = new Map<string, string>();
  const customers = new Map<string, { id: string; email: string | null; metadata: Record<string, string> }>();
  const priceById = new Map(Object.values(prices).map((p) => [p.id, p]));
  let url = '';

  const priceJson = (price: DoublePrice) => ({
    id: price.id,
    object: 'price',
    active: true,
    billing_scheme: 'per_unit',
    created: 1_700_000_000,
    currency: price.currency,
    livemode: false,
    lookup_key: null,
    metadata: {},
    nickname: null,
    product: `prod_${price.id.slice(6)}`,
    recurring: { interval: price.interval, interval_count: 1, meter: null, usage_type: 'licensed' },
    tax_behavior: 'unspecified',
    type: 'recurring',
    unit_amount: price.unitAmount,
    unit_amount_decimal: String(price.unitAmount),
  });

  const subscriptionJson = (sub: DoubleSubscription) => {
    const start = sub.currentPeriodEnd - 30 * 86_400;
    return {
      id: sub.id,
      object: 'subscription',
      cancel_at_period_end: false,
      canceled_at: sub.status === 'canceled' ? start : null,
      collection_method: 'charge_automatically',
      created: start,
      currency: priceById.get(sub.priceId)?.currency ?? 'usd',
      customer: sub.customer,
      ended_at: sub.status === 'canceled' ? start : null,
      items: {
        object: 'list',
        data: [
          {
            id: `si_${sub.id.slice(4)}`,
            object: 'subscription_item',
            created: start,
            current_period_end: sub.currentPeriodEnd,
            current_period_start: start,
            metadata: {},
            price: priceJson(
              priceById.get(sub.priceId) ?? { id: sub.priceId, unitAmount: 0, currency: 'usd', interval: 'month' },
            ),
            quantity: 1,
            subscription: sub.id,
          },
        ],
        has_more: false,
        url: `/v1/subscription_items?subscription=${sub.id}`,
      },
      latest_invoice: null,
      livemode: false,
      metadata: sub.metadata,
      start_date: start,
      status: sub.status,
    };
  };

  const event = (type: string, object: Record<string, unknown>): StripeEventObject => ({
    id: nextId('evt'),
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    api_version: API_VERSION,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  });

  const invoiceJson = (sub: DoubleSubscription, paid: boolean) => ({
    id: nextId('in'),
    object: 'invoice',
    amount_due: priceById.get(sub.priceId)?.unitAmount ?? 0,
    amount_paid: paid ? (priceById.get(sub.priceId)?.unitAmount ?? 0) : 0,
    attempt_count: 1,
    billing_reason: 'subscription_cycle',
    currency: 'usd',
    customer: sub.customer,
    livemode: false,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { metadata: sub.metadata, subscription: sub.id },
    },
    status: paid ? 'paid' : 'open',
  });

  const sessionJson = (id: string) => {
    const form = checkoutSessions.get(id)!;
    const status = checkoutStatus.get(id)!;
    return {
      id,
      object: 'checkout.session',
      cancel_url: form.cancel_url,
      client_reference_id: form.client_reference_id ?? null,
      created: checkoutCreated.get(id)!,
      customer: form.customer ?? null,
      customer_email: form.customer_email ?? null,
      livemode: false,
      metadata: metadataOf(form, 'metadata'),
      mode: 'subscription',
      payment_status: status === 'complete' ? 'paid' : 'unpaid',
      status,
      subscription: checkoutSubscription.get(id) ?? null,
      success_url: form.success_url,
      // Stripe gives the page's URL only while the session is open.
      url: status === 'open' ? `${url}/pay/${id}` : null,
    };
  };

  // A list object as Stripe's list endpoints answer, newest first, with `limit` (1 to 100, default 10) and `starting_after`.
  const list = <T extends { id: string }>(
    response: ServerResponse,
    path: string,
    items: T[],
    query: URLSearchParams,
  ) => {
    const limit = Number(query.get('limit') ?? '10');
    if (!Number.isInteger(limit) || limit < 1 || limit > 100)
      return invalid(response, 'limit', 'limit must be an integer from 1 to 100');
    const after = query.get('starting_after');
    const start = after === null ? 0 : items.findIndex((item) => item.id === after) + 1;
    if (after !== null && start === 0) return missing(response, 'object', after);
    send(response, 200, {
      object: 'list',
      data: items.slice(start, start + limit),
      has_more: start + limit < items.length,
      url: path,
    });
  };

  const send = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, {
      'content-type': 'application/json',
      'request-id': nextId('req'),
      'stripe-version': API_VERSION,
    });
    response.end(JSON.stringify(body));
  };
  const missing = (response: ServerResponse, what: string, id: string) =>
    send(response, 404, {
      error: {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'id',
        message: `No such ${what}: '${id}'`,
      },
    });
  const invalid = (response: ServerResponse, param: string, message: string) =>
    send(response, 400, { error: { type: 'invalid_request_error', param, message } });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const requestUrl = new URL(request.url ?? '/', 'http://x');
    const path = requestUrl.pathname;
    const query = requestUrl.searchParams;
    // What a browser sees at the Checkout and Portal URLs: a stand-in page (the customer pays on Stripe's own page).
    if (request.method === 'GET' && (path.startsWith('/pay/') || path.startsWith('/portal/'))) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(
        `<!doctype html><title>Stripe test double</title><h1>${path.startsWith('/pay/') ? 'Checkout' : 'Customer Portal'}</h1><p id="session">${path.split('/')[2]}</p>`,
      );
      return;
    }
    const auth = request.headers.authorization ?? '';
    const apiKey = auth.startsWith('Bearer ') ? auth.slice(7) : '';
    const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    requests.push({
      method: request.method ?? '',
      path,
      form,
      query: Object.fromEntries(query),
      apiKey,
      idempotencyKey,
    });
    if (double.failing)
      return send(response, 500, { error: { type: 'api_error', message: 'An unknown error occurred' } });
    if (apiKey !== secretKey)
      return send(response, 401, {
        error: { type: 'invalid_request_error', message: `Invalid API Key provided: ${apiKey.slice(0, 8)}****` },
      });
    let match: RegExpExecArray | null;
    if (request.method === 'GET' && (match = /^\/v1\/prices\/([^/]+)$/.exec(path))) {
      const price = priceById.get(match[1]);
      return price ? send(response, 200, priceJson(price)) : missing(response, 'price', match[1]);
    }
    if (request.method === 'GET' && path === '/v1/subscriptions') {
      // Stripe's default lists the subscriptions that are not canceled; `status=all` lists every one.
      const status = query.get('status');
      const customer = query.get('customer');
      const found = [...subscriptions.values()]
        .filter(
          (sub) =>
            (customer === null || sub.customer === customer) &&
            (status === 'all' || (status === null ? sub.status !== 'canceled' : sub.status === status)),
        )
        .reverse();
      return list(response, path, found.map(subscriptionJson), query);
    }
    if (request.method === 'POST' && path === '/v1/customers') {
      const id = nextId('cus');
      customers.set(id, { id, email: form.email ?? null, metadata: metadataOf(form, 'metadata') });
      return send(response, 200, {
        id,
        object: 'customer',
        created: Math.floor(Date.now() / 1000),
        email: form.email ?? null,
        livemode: false,
        metadata: metadataOf(form, 'metadata'),
      });
    }
    if (request.method === 'GET' && path === '/v1/checkout/sessions') {
      const status = query.get('status');
      const customer = query.get('customer');
      const found = [...checkoutSessions.keys()]
        .filter(
          (id) =>
            (customer === null || checkoutSessions.get(id)!.customer === customer) &&
            (status === null || checkoutStatus.get(id) === status),
        )
        .reverse();
      return list(response, path, found.map(sessionJson), query);
    }
    if (request.method === 'GET' && (match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path))) {
      return checkoutSessions.has(match[1])
        ? send(response, 200, sessionJson(match[1]))
        : missing(response, 'checkout.session', match[1]);
    }
    if (request.method === 'POST' && (match = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path))) {
      if (!checkoutSessions.has(match[1])) return missing(response, 'checkout.session', match[1]);
      if (checkoutStatus.get(match[1]) !== 'open')
        return invalid(
          response,
          'session',
          `Only Checkout Sessions with a status of \`open\` can be expired. This Checkout Session has a status of \`${checkoutStatus.get(match[1])}\`.`,
        );
      checkoutStatus.set(match[1], 'expired');
      return send(response, 200, sessionJson(match[1]));
    }
    if (request.method === 'GET' && (match = /^\/v1\/subscriptions\/([^/]+)$/.exec(path))) {
      const sub = subscriptions.get(match[1]);
      return sub ? send(response, 200, subscriptionJson(sub)) : missing(response, 'subscription', match[1]);
    }
    if (request.method === 'POST' && path === '/v1/checkout/sessions') {
      if (form.mode !== 'subscription') return invalid(response, 'mode', 'this double takes subscription mode only');
      if (!priceById.has(form['line_items[0][price]']))
        return missing(response, 'price', form['line_items[0][price]'] ?? '');
      if (!form.success_url || !form.cancel_url)
        return invalid(response, 'success_url', 'success_url and cancel_url are required');
      if (form.customer && !customers.has(form.customer)) return missing(response, 'customer', form.customer);
      const id = nextId('cs');
      checkoutSessions.set(id, form);
      checkoutStatus.set(id, 'open');
      checkoutCreated.set(id, Math.floor(Date.now() / 1000));
      return send(response, 200, sessionJson(id));
    }
    if (request.method === 'POST' && path === '/v1/billing_portal/sessions') {
      if (!form.customer || !customers.has(form.customer)) return missing(response, 'customer', form.customer ?? '');
      const id = nextId('bps');
      return send(response, 200, {
        id,
        object: 'billing_portal.session',
        created: Math.floor(Date.now() / 1000),
        customer: form.customer,
        livemode: false,
        return_url: form.return_url ?? null,
        url: `${url}/portal/${id}`,
      });
    }
    send(response, 404, {
      error: {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${request.method}: ${path}); the double serves only what ussynth calls`,
      },
    });
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) =>
      send(response, 500, { error: { type: 'api_error', message: String(error) } }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;

  const double: StripeDouble = {
    url,
    secretKey,
    webhookSecret: 'whsec_ussynthDoubleSigningSecret0000',
    prices,
    requests,
    checkoutSessions,
    checkoutStatus,
    customers,
    subscriptions,
    failing: false,
    completeCheckout(sessionId) {
      const form = checkoutSessions.get(sessionId);
      if (!form) throw new Error(`no Checkout Session ${sessionId}`);
      if (checkoutStatus.get(sessionId) !== 'open')
        throw new Error(`Checkout Session ${sessionId} is ${checkoutStatus.get(sessionId)}: its page takes no payment`);
      let customer = form.customer;
      if (!customer) {
        customer = nextId('cus');
        customers.set(customer, { id: customer, email: form.customer_email ?? null, metadata: {} });
      }
      const subscription: DoubleSubscription = {
        id: nextId('sub'),
        customer,
        status: 'active',
        priceId: form['line_items[0][price]'],
        currentPeriodEnd: Math.floor(Date.now() / 1000) + 30 * 86_400,
        metadata: metadataOf(form, 'subscription_data[metadata]'),
      };
      subscriptions.set(subscription.id, subscription);
      checkoutStatus.set(sessionId, 'complete');
      checkoutSubscription.set(sessionId, subscription.id);
      const session = {
        id: sessionId,
        object: 'checkout.session',
        client_reference_id: form.client_reference_id ?? null,
        customer,
        mode: 'subscription',
        payment_status: 'paid',
        status: 'complete',
        subscription: subscription.id,
        metadata: metadataOf(form, 'metadata'),
      };
      return {
        subscription,
        events: [
          event('customer.subscription.created', subscriptionJson(subscription)),
          event('invoice.paid', invoiceJson(subscription, true)),
          event('checkout.session.completed', session),
        ],
      };
    },
    createSubscription(customer, priceId, metadata) {
      if (!customers.has(customer)) throw new Error(`no customer ${customer}`);
      const subscription: DoubleSubscription = {
        id: nextId('sub'),
        customer,
        status: 'active',
        priceId,
        currentPeriodEnd: Math.floor(Date.now() / 1000) + 30 * 86_400,
        metadata,
      };
      subscriptions.set(subscription.id, subscription);
      return { subscription, event: event('customer.subscription.created', subscriptionJson(subscription)) };
    },
    updateSubscription(id, change) {
      const sub = subscriptions.get(id);
      if (!sub) throw new Error(`no subscription ${id}`);
      Object.assign(sub, change);
      return event(
        sub.status === 'canceled' ? 'customer.subscription.deleted' : 'customer.subscription.updated',
        subscriptionJson(sub),
      );
    },
    invoiceEvent(type, subscriptionId) {
      const sub = subscriptions.get(subscriptionId);
      if (!sub) throw new Error(`no subscription ${subscriptionId}`);
      return event(type, invoiceJson(sub, type === 'invoice.paid'));
    },
    async deliver(webhookUrl, stripeEvent, options = {}) {
      const payload = JSON.stringify(stripeEvent, null, 2);
      const signature =
        options.signature === undefined
          ? Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? double.webhookSecret })
          : options.signature;
      const headers: Record<string, string> = {
        'content-type': 'application/json; charset=utf-8',
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      };
      if (signature !== null) headers['stripe-signature'] = signature;
      return fetch(webhookUrl, { method: 'POST', headers, body: payload });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return double;
}

/** The `prefix[key]=value` fields of a form as an object (Stripe's metadata encoding). */
function metadataOf(form: Record<string, string>, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(form))
    if (name.startsWith(`${prefix}[`) && name.endsWith(']')) out[name.slice(prefix.length + 1, -1)] = value;
  return out;
}
