import Fastify, { type FastifyInstance } from 'fastify';

/**
 * A local fake of a Loqate-style address service (Capture Interactive Find v1.10 / Retrieve v1.2,
 * json3), started by the tests and the e2e journeys; the server is pointed at it through
 * ADDRESS_LOOKUP_URL. A wrong key answers the service's error item; a text containing "outage"
 * answers 500.
 */
export const FAKE_ADDRESS_KEY = 'AA11-BB22-CC33-DD44';

interface Place {
  id: string;
  type: 'Address' | 'Container';
  text: string;
  description: string;
  country: string;
  /** For a Container: the ids of what it holds. */
  holds?: string[];
  retrieve?: Record<string, string>;
}

const PLACES: Place[] = [
  { id: 'US|1', type: 'Address', text: '1000 Fifth Avenue', description: 'New York NY 10028', country: 'USA', retrieve: { Line1: '1000 Fifth Avenue', Line2: '', City: 'New York', ProvinceCode: 'NY', PostalCode: '10028', CountryIso2: 'US' } },
  { id: 'US|C1', type: 'Container', text: '11 West 53rd Street', description: 'New York NY 10019 - 2 Addresses', country: 'USA', holds: ['US|2', 'US|3'] },
  { id: 'US|2', type: 'Address', text: '11 West 53rd Street, Floor 1', description: 'New York NY 10019', country: 'USA', retrieve: { Line1: '11 West 53rd Street', Line2: 'Floor 1', City: 'New York', ProvinceCode: 'NY', PostalCode: '10019', CountryIso2: 'US' } },
  { id: 'US|3', type: 'Address', text: '11 West 53rd Street, Floor 2', description: 'New York NY 10019', country: 'USA', retrieve: { Line1: '11 West 53rd Street', Line2: 'Floor 2', City: 'New York', ProvinceCode: 'NY', PostalCode: '10019', CountryIso2: 'US' } },
  { id: 'GB|1', type: 'Address', text: 'Great Russell Street', description: 'London WC1B 3DG', country: 'GBR', retrieve: { Line1: 'Great Russell Street', Line2: '', City: 'London', ProvinceCode: '', PostalCode: 'WC1B 3DG', CountryIso2: 'GB' } },
];

export class FakeAddressService {
  /** Every question, as `Find text=… container=… countries=…` or `Retrieve id=…`, for assertions. */
  readonly requests: string[] = [];
  private app: FastifyInstance | null = null;
  url = '';

  constructor(readonly key = FAKE_ADDRESS_KEY) {}

  async start() {
    const app = Fastify();
    const keyError = { Items: [{ Error: '2', Description: 'Unknown key', Cause: 'The key you are using to access the service was not found.', Resolution: 'Please check that the key is correct.' }] };
    app.get<{ Querystring: Record<string, string> }>('/Find/v1.10/json3.ws', async (request, reply) => {
      const { Key, Text = '', Container = '', Countries = '' } = request.query;
      this.requests.push(`Find text=${Text} container=${Container} countries=${Countries}`);
      if (Key !== this.key) return keyError;
      if (Text.toLowerCase().includes('outage')) return reply.code(500).send('Internal Server Error');
      const inCountry = PLACES.filter((p) => !Countries || p.country === Countries);
      const found = Container
        ? (inCountry.find((p) => p.id === Container)?.holds ?? []).map((id) => PLACES.find((p) => p.id === id)!)
        : inCountry.filter((p) => !p.id.includes('|2') && !p.id.includes('|3') && `${p.text} ${p.description}`.toLowerCase().includes(Text.toLowerCase().trim()));
      return { Items: found.map((p) => ({ Id: p.id, Type: p.type, Text: p.text, Highlight: '', Description: p.description })) };
    });
    app.get<{ Querystring: Record<string, string> }>('/Retrieve/v1.2/json3.ws', (request) => {
      const { Key, Id = '' } = request.query;
      this.requests.push(`Retrieve id=${Id}`);
      if (Key !== this.key) return keyError;
      const place = PLACES.find((p) => p.id === Id && p.retrieve);
      return { Items: place ? [{ Id: place.id, ...place.retrieve }] : [] };
    });
    this.url = await app.listen({ port: 0, host: '127.0.0.1' });
    this.app = app;
    return this;
  }

  async stop() {
    await this.app?.close();
  }
}
