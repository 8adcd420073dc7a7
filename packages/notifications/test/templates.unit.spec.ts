import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_EMAIL_CONFIGS,
  EMAIL_TYPES,
  emailConfigKeys,
  htmlToText,
  maskIdentificationNumber,
  isTemplateConfigKey,
  renderEmail,
  sampleVariables,
  TemplateRenderError,
  validateTemplate,
} from '../src/index';
import { renderSandboxed } from '../src/sandbox';

const SECRET = 'x-test-secret-value-5f1c9a';

describe('maskIdentificationNumber', () => {
  it.each([
    ['S1234567A', 'S****567A'],
    ['  T0123456Z ', 'T****456Z'],
    ['E12345678', 'E****5678'],
    ['S****567A', 'S****567A'],
    ['s1234567a', 'S****567A'],
    ['ABC123', '******'],
    ['12345', '*****'],
    ['', ''],
  ])('%j -> %j', (input, masked) => {
    expect(maskIdentificationNumber(input)).toBe(masked);
  });
});

describe('validateTemplate', () => {
  it('accepts every seeded default template and subject', () => {
    for (const [key, { value }] of Object.entries(DEFAULT_EMAIL_CONFIGS)) {
      expect(validateTemplate(value), key).toEqual({ ok: true });
    }
  });

  it('accepts the demo seed templates (api seed) and the allowed grammar', () => {
    const ok = [
      '<p>Dear <%= firstName %> <%= lastName %>,</p><strong><%= referenceNumber %></strong> <%= packageName %> (<%= packagePrice %>)',
      '<% if (participants.length > 1) { %>Group<% } else if (status === "confirmed") { %>Confirmed<% } else { %>Other<% } %>',
      '<% for (const p of participants) { %><%= p.name %>: <%= p.packageName %><% if (p.isPrimary) { %> (primary)<% } %>\n<% } %>',
      '<%_ for (let item of lineItems) { _%><%= item.label %> <%= item.amount %><%_ } _%>',
      "<%= balanceDue !== 'S$0.00' ? balanceDue : 'Paid in full' %> <%= !transactionId %>",
      '<%# a comment with anything: process.env %> 100<%% literal %%>',
      '<%= eventLocation ?? "TBC" %> <%= firstName && lastName %> <%= participants.length >= 2 || false %>',
      'Plain text without tags',
    ];
    for (const t of ok) expect(validateTemplate(t), t).toEqual({ ok: true });
  });

  const refused: [string, RegExp][] = [
    ['<%= process.env.JWT_SECRET %>', /"process" is not allowed/],
    ["<%= this.constructor.constructor('return process')().env %>", /"this" is not allowed/],
    ['<%= firstName.constructor %>', /"constructor" is not allowed/],
    ['<%= participants.__proto__ %>', /"__proto__" is not allowed/],
    ['<%= firstName.prototype %>', /"prototype" is not allowed/],
    ['<%= global.process %>', /"global" is not allowed/],
    ['<%= globalThis %>', /"globalThis" is not allowed/],
    ["<%= require('fs') %>", /"require" is not allowed: templates cannot load modules/],
    ["<% import('fs') %>", /"import" is not allowed/],
    ["<%= Function('return process')() %>", /"Function" is not allowed/],
    ["<%= eval('1') %>", /"eval" is not allowed/],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the template under test contains a JS template literal
    ['<%= `${firstName}` %>', /backticks/],
    ['<%- firstName %>', /raw output <%- %> is not allowed/],
    ['<%= firstName["constructor"] %>', /square brackets/],
    ['<%= firstName.toUpperCase() %>', /"toUpperCase" is not a field of firstName/],
    ['<%= participants.length() %>', /calling "participants.length" is not allowed/],
    ['<%= secretKey %>', /unknown variable "secretKey"/],
    ['<%= locals.firstName %>', /"locals" is not allowed/],
    ['<% while (true) { %>x<% } %>', /"while" is not allowed/],
    ['<% for (;;) { %>x<% } %>', /loops must have the form/],
    ['<% for (const x of firstName) { %>x<% } %>', /loops can only go over participants or lineItems/],
    [
      '<% for (const p of participants) { %><%= p.password %><% } %>',
      /"password" is not a field of an element/,
    ],
    ['<% firstName = "x" %>', /assignment is not allowed/],
    ['<% const x = 1 %>', /assignment is not allowed/],
    ['<% let x %>', /"let" is not allowed/],
    ['<%= firstName; process.exit() %>', /only one statement per tag/],
    ['<%= firstName + lastName %>', /arithmetic is not allowed/],
    ['<% if (firstName) { %>unclosed', /unclosed if\/for block/],
    ['<% } %>', /without an open if\/for block/],
    ['<%= firstName', /not closed/],
    ["<%= 'a\\u0070' %>", /backslashes/],
    ['<%= new Date() %>', /"new" is not allowed/],
    ['<%= typeof process %>', /"typeof" is not allowed/],
    ['<%= setTimeout %>', /"setTimeout" is not allowed/],
    ['<%= x => x %>', /unknown variable "x"|assignment/],
    ['<%= firstName /* c */ %>', /comments are not allowed/],
    ['<% } else { %>', /without an open if\/for block/],
    ['<%= %>', /empty output tag/],
    ['x'.repeat(60_000), /too long/],
  ];
  it.each(refused)('refuses %j with a message naming the problem', (template, message) => {
    const r = validateTemplate(template);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(message);
  });

  it('names the line of the problem', () => {
    const r = validateTemplate('<p>ok <%= firstName %></p>\n<p>\n<%= process.env.JWT_SECRET %></p>');
    expect(r).toEqual({ ok: false, message: expect.stringMatching(/^Line 3: "process" is not allowed/) });
  });
});

describe('renderEmail', () => {
  const vars = sampleVariables();

  it('renders every type from the defaults when no config is stored', () => {
    for (const type of EMAIL_TYPES) {
      const email = renderEmail(type, {}, vars);
      expect(email.fallbacks).toEqual([]);
      expect(email.from).toBe('"Health Screening Appointments" <appointments@healthscreening.example.sg>');
      expect(email.subject).not.toMatch(/<%|%>/);
      // A waiting-list entry has no booking yet: its emails carry the entry's link (a button) instead.
      const waitlist = type.startsWith('waitlist_');
      expect(email.html).toContain(
        waitlist ? 'https://healthscreening.example.sg/waitlist/sample-token' : 'HS2505-0607-1234',
      );
      expect(email.html).not.toMatch(/<%|%>/);
      expect(email.text).toContain(waitlist ? 'Community Health Screening 2025' : 'HS2505-0607-1234');
      expect(email.text).not.toMatch(/<[a-z]/i);
    }
    expect(renderEmail('confirmation', {}, vars).subject).toBe(
      'Your health screening is confirmed: HS2505-0607-1234',
    );
    const invoice = renderEmail('invoice', {}, vars);
    expect(invoice.subject).toBe('Invoice HS-2025-000123 for HS2505-0607-1234');
    expect(invoice.text).toContain('Welcome 10% off');
    expect(invoice.text).toContain('S$465.98');
    expect(renderEmail('receipt', {}, vars).text).toContain('TXN-SAMPLE-0001');
    const confirmation = renderEmail('confirmation', {}, vars);
    expect(confirmation.text).toContain('Lim Mei Ling (S****321B)');
    expect(confirmation.text).toMatch(/arrive 15 minutes early/);
  });

  it('links the confirmation to the Manage appointment page, and every waiting-list email to the entry', () => {
    const confirmation = renderEmail('confirmation', {}, vars);
    // issue 46: a button, not a raw URL
    expect(confirmation.html).toMatch(
      /<a href="https:\/\/healthscreening\.example\.sg\/manage-appointment\?ref=HS2505-0607-1234" style="display:inline-block;[^"]*">Manage my booking<\/a>/,
    );
    // the plain-text alternative: the link's words, then its address
    expect(confirmation.text).toContain(
      'Manage my booking: https://healthscreening.example.sg/manage-appointment?ref=HS2505-0607-1234',
    );
    // without the link (a stored template rendered for an order the link is not known for) no dead anchor
    expect(renderEmail('confirmation', {}, { ...vars, manageUrl: '' }).html).not.toContain(
      'Manage my booking',
    );
    for (const type of ['waitlist_joined', 'waitlist_offer', 'waitlist_expired', 'waitlist_left'] as const) {
      expect(renderEmail(type, {}, vars).html).toContain(
        'href="https://healthscreening.example.sg/waitlist/sample-token"',
      );
    }
    const offer = renderEmail('waitlist_offer', {}, vars);
    expect(offer.subject).toBe(
      'Seats are held for you: Community Health Screening 2025 on Saturday, 7 June 2025',
    );
    expect(offer.text).toContain('until 6 June 2025, 4:00 PM (Singapore time)');
    expect(offer.text).toContain('Leave the waiting list');
    expect(renderEmail('waitlist_joined', {}, vars).text).toContain('at position 3');
  });

  it('uses stored configs, substitutes variables and HTML-escapes the output', () => {
    const configs = {
      EMAIL_SENDER_NAME: 'Clinic "Team"',
      EMAIL_SENDER_ADDRESS: 'hello@clinic.example.sg',
      EMAIL_CONFIRMATION_SUBJECT: 'Booked <%= referenceNumber %> for <%= firstName %>',
      EMAIL_CONFIRMATION_TEMPLATE: '<p>Hi <%= firstName %> at <%= eventLocation %></p>',
    };
    const email = renderEmail('confirmation', configs, {
      ...vars,
      firstName: '<script>alert("x")</script> & Co',
    });
    expect(email.from).toBe('"Clinic Team" <hello@clinic.example.sg>');
    expect(email.html).toContain('<p>Hi &lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt; &amp; Co at Orchard');
    expect(email.html).not.toContain('<script>');
    // the subject is plain text: not HTML-escaped, and on one line
    expect(email.subject).toBe('Booked HS2505-0607-1234 for <script>alert("x")</script> & Co');
    // the body, then the layout's footer (the clinic's contact details, who sent it)
    expect(email.text.split('\n')[0]).toBe(
      'Hi <script>alert("x")</script> & Co at Orchard Community Club, 1 Orchard Road, Singapore 238801',
    );
  });

  it('keeps subjects on one line even when data holds line breaks (no header injection)', () => {
    const email = renderEmail('reminder', {}, { ...vars, referenceNumber: 'HS1\r\nBcc: evil@example.com' });
    expect(email.subject).toBe(
      'Reminder: your health screening on Saturday, 7 June 2025, 9:00 AM - 10:00 AM (HS1 Bcc: evil@example.com)',
    );
  });

  it('falls back to the default for missing, empty or refused configs and reports which', () => {
    const email = renderEmail(
      'reminder',
      { EMAIL_REMINDER_SUBJECT: '  ', EMAIL_REMINDER_TEMPLATE: '<%= process.env.HOME %>' },
      vars,
    );
    expect(email.subject).toBe(
      'Reminder: your health screening on Saturday, 7 June 2025, 9:00 AM - 10:00 AM (HS2505-0607-1234)',
    );
    expect(email.html).toContain('This is a reminder of your health screening appointment on');
    expect(email.fallbacks).toEqual([
      { key: 'EMAIL_REMINDER_TEMPLATE', reason: expect.stringMatching(/"process" is not allowed/) },
    ]);
    expect(renderEmail('cancellation', { EMAIL_SENDER_ADDRESS: 'not an address' }, vars).from).toContain(
      '<appointments@healthscreening.example.sg>',
    );
  });

  it('falls back when a valid template fails at render time', () => {
    // valid grammar, but p is undefined outside data with a missing list: participants.length of undefined throws
    const email = renderEmail(
      'confirmation',
      { EMAIL_CONFIRMATION_TEMPLATE: '<%= participants.length %>' },
      { ...vars, participants: undefined },
    );
    expect(email.fallbacks).toEqual([
      { key: 'EMAIL_CONFIRMATION_TEMPLATE', reason: 'Template failed while rendering' },
    ]);
    expect(email.html).toContain('Your health screening appointment is confirmed.');
  });

  it('knows which config keys hold templates', () => {
    expect(isTemplateConfigKey('EMAIL_CONFIRMATION_TEMPLATE')).toBe(true);
    expect(isTemplateConfigKey('EMAIL_RECEIPT_SUBJECT')).toBe(true);
    expect(isTemplateConfigKey('EMAIL_SENDER_NAME')).toBe(false);
    expect(isTemplateConfigKey('EMAIL_SENDER_ADDRESS')).toBe(false);
  });

  it('has config keys for every type', () => {
    for (const type of EMAIL_TYPES) {
      const keys = emailConfigKeys(type);
      expect(DEFAULT_EMAIL_CONFIGS[keys.subject]).toBeDefined();
      expect(DEFAULT_EMAIL_CONFIGS[keys.template]).toBeDefined();
    }
  });

  it('makes a readable plain-text alternative', () => {
    expect(
      htmlToText('<p>A &amp; B</p><table><tr><td>X</td><td>1</td></tr></table><ul><li>one</li></ul>'),
    ).toBe('A & B\nX 1\n\n- one');
  });
});

describe('a bad template already stored never reveals a secret', () => {
  beforeAll(() => {
    process.env.X_TEST_SECRET = SECRET;
  });
  afterAll(() => {
    delete process.env.X_TEST_SECRET;
  });

  const attacks = [
    '<%= process.env.X_TEST_SECRET %>',
    '<%- process.env.X_TEST_SECRET %>',
    "<%= this.constructor.constructor('return process')().env.X_TEST_SECRET %>",
    "<%= firstName.constructor.constructor('return process')().env.X_TEST_SECRET %>",
    "<%= participants.constructor.constructor('return process')().env.X_TEST_SECRET %>",
    "<%= escapeFn.constructor('return process')().env.X_TEST_SECRET %>",
    "<%= __append.constructor('return globalThis.process.env.X_TEST_SECRET')() %>",
    "<%= locals.constructor.constructor('return process')().env.X_TEST_SECRET %>",
    '<%= (function(){ return this })().process.env.X_TEST_SECRET %>',
    "<%= eval('process.env.X_TEST_SECRET') %>",
    "<%= new Function('return process.env.X_TEST_SECRET')() %>",
    "<%= require('node:process').env.X_TEST_SECRET %>",
    "<%= Object.getOwnPropertyNames(globalThis).join(',') %>",
    '<%= JSON.stringify(Object.entries(globalThis)) %>',
    '<%= typeof process %><%= typeof require %><%= typeof Buffer %>',
    '<%= firstName %>%><%= process.env.X_TEST_SECRET',
  ];

  it.each(attacks)('the sandbox alone (no validation) does not leak: %s', (template) => {
    let out = '';
    try {
      out = renderSandboxed(template, sampleVariables());
    } catch (e) {
      expect(e).toBeInstanceOf(TemplateRenderError);
      out = `${(e as Error).message} ${(e as Error).stack ?? ''}`;
    }
    expect(out).not.toContain(SECRET);
    expect(out).not.toMatch(/function process|\[object process\]/);
  });

  it('exposes no host globals to the template', () => {
    expect(renderSandboxed('<%= typeof process %>,<%= typeof require %>,<%= typeof Buffer %>', {})).toBe(
      'undefined,undefined,undefined',
    );
    expect(renderSandboxed("<%= Object.getOwnPropertyNames(globalThis).includes('process') %>", {})).toBe(
      'false',
    );
  });

  it('stops a template that never ends (time limit)', () => {
    const started = Date.now();
    expect(() => renderSandboxed('<% while (true) {} %>', {}, { timeoutMs: 50 })).toThrow(
      'Template took too long to render',
    );
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it.each([
    ...attacks,
    // a rejected promise in the sandbox would surface as an unhandled rejection: only ever run validated
    "<% import('node:process').then(p => __append(p.env.X_TEST_SECRET)) %>",
  ])('renderEmail with a stored template %s sends the default instead, with no secret', (template) => {
    const email = renderEmail(
      'confirmation',
      { EMAIL_CONFIRMATION_TEMPLATE: template, EMAIL_CONFIRMATION_SUBJECT: template },
      sampleVariables(),
    );
    const all = JSON.stringify(email);
    expect(all).not.toContain(SECRET);
    expect(email.fallbacks.map((f) => f.key).sort()).toEqual([
      'EMAIL_CONFIRMATION_SUBJECT',
      'EMAIL_CONFIRMATION_TEMPLATE',
    ]);
    expect(email.subject).toBe('Your health screening is confirmed: HS2505-0607-1234');
  });
});
