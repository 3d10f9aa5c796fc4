import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ChatRequest {
  model: string;
  messages: { role: string; content: string }[];
  authorization: string | undefined;
}

/**
 * A loopback stand-in for the OpenAI chat completions endpoint (the tests never call the
 * internet). Answers `reply`, or `status` with an error body when set.
 */
export class OpenAiFake {
  readonly requests: ChatRequest[] = [];
  reply = 'Your measured turn is a solid base: keep the trail knee flexed.';
  status = 200;
  private readonly server: Server;

  private constructor() {
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    const fake = this;
    this.server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
          res.writeHead(404).end();
          return;
        }
        const parsed = JSON.parse(body) as Omit<ChatRequest, 'authorization'>;
        fake.requests.push({ ...parsed, authorization: req.headers.authorization });
        if (fake.status !== 200) {
          res.writeHead(fake.status, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: { message: 'fake failure', type: 'server_error' } }));
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            id: 'chatcmpl-fake',
            object: 'chat.completion',
            created: Math.floor(Date.now() / 1000),
            model: parsed.model,
            choices: [
              {
                index: 0,
                finish_reason: 'stop',
                message: { role: 'assistant', content: fake.reply },
              },
            ],
            usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
          }),
        );
      });
    });
  }

  static async start(): Promise<OpenAiFake> {
    const fake = new OpenAiFake();
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    return fake;
  }

  /** What OPENAI_BASE_URL should be. */
  get baseUrl(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
