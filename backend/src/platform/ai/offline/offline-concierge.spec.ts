import type { ConciergeLanguage } from '../concierge-language';
import type { ReplyStream } from '../reply-stream';
import type { ConciergeToolbox, DirectoryVendor, ReplyStep, ToolResult } from '../types';
import { OfflineConcierge } from './offline-concierge';

const language: ConciergeLanguage = {
  parse: () => {
    throw new Error('not used');
  },
  title: () => 'A title',
  reply: () => 'A table is arranged.',
  followUp: () => '',
};

const PARIS: DirectoryVendor[] = [
  { name: 'Le Jardin', category: 'restaurants', city: 'Paris', description: null },
  { name: 'La Verrière', category: 'restaurants', city: 'Paris', description: null },
];

/** A toolbox that keeps what is not sensitive and asks for the rest, as the concierge module's does. */
function toolbox(candidates: Array<{ kind: string; value: string; sensitive: boolean }>, opensRequest = false) {
  const calls: Array<{ name: string; args: Record<string, unknown> }> = [];
  const box: ConciergeToolbox = {
    tools: [
      { name: 'remember_preference', description: '', parameters: {}, changes: true, failure: 'Not kept' },
      { name: 'open_or_update_request', description: '', parameters: {}, changes: true, failure: 'Not opened' },
    ],
    timeoutMs: 1000,
    readMessage: async () => ({ remember: candidates, opensRequest }),
    run: async (name, args): Promise<ToolResult> => {
      calls.push({ name, args });
      if (name === 'open_or_update_request')
        return { summary: `Opened your request: ${String(args.summary)}`, data: {} };
      if (args.value === 'Broken') throw new Error('down');
      const memory = { kind: String(args.kind), value: String(args.value) };
      return args.sensitive
        ? { summary: `Shall I remember: ${memory.value}?`, status: 'ask', memory, data: {} }
        : { summary: `Remembered: ${memory.value}`, memory: { ...memory, preferenceId: 'p1' }, data: {} };
    },
  };
  return { box, calls };
}

/** What the reply sends, in order: each step and the text. */
function read(reply: ReplyStream): Promise<{ order: string[]; steps: ReplyStep[]; text: string }> {
  const order: string[] = [];
  const steps: ReplyStep[] = [];
  let text = '';
  return new Promise((resolve, reject) => {
    reply.pipe({
      piece: (piece) => {
        if (order.at(-1) !== 'text') order.push('text');
        text += piece;
      },
      step: (step) => {
        order.push('step');
        steps.push(step);
      },
      end: () => resolve({ order, steps, text }),
      fail: reject,
    });
  });
}

describe('the offline engine’s steps', () => {
  const engine = new OfflineConcierge('Maison Fortuna', language, 0);
  const turns = [
    { role: 'user' as const, content: 'A table in Paris, we love terraces; my wife is allergic to shellfish' },
  ];

  it('shows the partners it suggests and what it keeps, before its words', async () => {
    const { box, calls } = toolbox([
      { kind: 'seating', value: 'Terraces', sensitive: false },
      { kind: 'allergies', value: 'Wife: shellfish allergy', sensitive: true },
    ]);
    const reply = await read(engine.streamReply(turns, new AbortController().signal, { vendors: PARIS, tools: box }));
    expect(reply.order).toEqual(['step', 'step', 'step', 'text']);
    expect(reply.steps).toEqual([
      {
        id: '1',
        tool: 'search_partners',
        label: 'Searched our partners in Paris: 2 found',
        status: 'done',
        detail: 'Le Jardin, La Verrière',
      },
      {
        id: '2',
        tool: 'remember_preference',
        label: 'Remembered: Terraces',
        status: 'done',
        memory: { kind: 'seating', value: 'Terraces', preferenceId: 'p1' },
      },
      {
        id: '3',
        tool: 'remember_preference',
        label: 'Shall I remember: Wife: shellfish allergy?',
        status: 'ask',
        memory: { kind: 'allergies', value: 'Wife: shellfish allergy' },
      },
    ]);
    expect(calls.map((c) => c.args)).toEqual([
      { kind: 'seating', value: 'Terraces', sensitive: false },
      { kind: 'allergies', value: 'Wife: shellfish allergy', sensitive: true },
    ]);
    expect(reply.text).toBe('A table is arranged.');
  });

  it('takes at most four steps, and a tool that fails is a failed step in a reply that still answers', async () => {
    const many = ['One', 'Broken', 'Three', 'Four', 'Five'].map((value) => ({
      kind: 'brands',
      value,
      sensitive: false,
    }));
    const { box } = toolbox(many);
    const reply = await read(engine.streamReply(turns, new AbortController().signal, { vendors: PARIS, tools: box }));
    expect(reply.steps.map((s) => `${s.status}: ${s.label}`)).toEqual([
      'done: Searched our partners in Paris: 2 found',
      'done: Remembered: One',
      'failed: Not kept',
      'done: Remembered: Three',
    ]);
    expect(reply.text).toBe('A table is arranged.');
  });

  it('says the request was opened after its words, once the request is recorded', async () => {
    const { box, calls } = toolbox([], true);
    const reply = await read(engine.streamReply(turns, new AbortController().signal, { tools: box }));
    expect(reply.order).toEqual(['text', 'step']);
    expect(reply.steps).toEqual([
      { id: '1', tool: 'open_or_update_request', label: 'Opened your request: A title', status: 'done' },
    ]);
    expect(calls).toEqual([{ name: 'open_or_update_request', args: { summary: 'A title' } }]);
  });

  it('takes no step without a toolbox (a house-password session)', async () => {
    const reply = await read(engine.streamReply(turns, new AbortController().signal, { vendors: PARIS }));
    expect(reply.steps).toEqual([]);
    expect(reply.order).toEqual(['text']);
  });
});
