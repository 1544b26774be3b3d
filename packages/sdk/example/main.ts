import { createClient, type LatchkeyClient, LatchkeyError } from '@latchkey/sdk';

// Everything from the provider is shown with textContent: nothing from a server is rendered as HTML.
const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const statusLine = byId<HTMLParagraphElement>('status');
const errorLine = byId<HTMLParagraphElement>('error');
const sessionView = byId<HTMLPreElement>('session');
const inboxLink = byId<HTMLAnchorElement>('inbox-link');

let client: LatchkeyClient | undefined;
let methodId: string | undefined;
let unsubscribe: (() => void) | undefined;

function show(error: unknown) {
  errorLine.textContent = error instanceof LatchkeyError ? error.message : String(error);
}

// The reference provider's development inbox sits beside its API; `to` narrows it to one recipient.
function pointInboxAt(apiBaseUrl: string, to?: string) {
  try {
    const url = new URL('/dev/inbox', apiBaseUrl);
    if (to) url.searchParams.set('to', to);
    inboxLink.href = url.toString();
  } catch {
    // Not a URL: createClient reports that below.
  }
}

function connect(apiBaseUrl: string, publicToken: string) {
  pointInboxAt(apiBaseUrl);
  unsubscribe?.();
  client?.destroy();
  errorLine.textContent = '';
  try {
    client = createClient(publicToken, { apiBaseUrl });
  } catch (error) {
    client = undefined;
    show(error);
    return;
  }
  const render = () => {
    const { session, user, fromCache } = client?.session.getSnapshot() ?? {
      session: null,
      user: null,
      fromCache: false,
    };
    sessionView.textContent = session
      ? JSON.stringify({ fromCache, user_id: user?.user_id, emails: user?.emails, session }, null, 2)
      : 'Signed out.';
  };
  unsubscribe = client.session.subscribe(render);
  render();
}

async function run(form: HTMLFormElement, pending: string, action: (c: LatchkeyClient) => Promise<string>) {
  if (!client) return show('Connect to a provider first.');
  const button = form.querySelector('button');
  button?.setAttribute('disabled', '');
  errorLine.textContent = '';
  statusLine.textContent = pending;
  try {
    statusLine.textContent = await action(client);
  } catch (error) {
    statusLine.textContent = '';
    show(error);
  } finally {
    button?.removeAttribute('disabled');
  }
}

byId<HTMLFormElement>('settings').addEventListener('submit', (event) => {
  event.preventDefault();
  const data = new FormData(event.currentTarget as HTMLFormElement);
  connect(String(data.get('apiBaseUrl')), String(data.get('publicToken')));
});

byId<HTMLFormElement>('send').addEventListener('submit', (event) => {
  event.preventDefault();
  const form = event.currentTarget as HTMLFormElement;
  const email = String(new FormData(form).get('email'));
  void run(form, 'Sending…', async (c) => {
    methodId = (await c.otps.email.loginOrCreate(email, { expiration_minutes: 5 })).method_id;
    pointInboxAt(String(new FormData(byId<HTMLFormElement>('settings')).get('apiBaseUrl')), email);
    return `Code sent to ${email}.`;
  });
});

byId<HTMLFormElement>('verify').addEventListener('submit', (event) => {
  event.preventDefault();
  const form = event.currentTarget as HTMLFormElement;
  const code = String(new FormData(form).get('code'));
  void run(form, 'Verifying passcode...', async (c) => {
    if (!methodId) throw new Error('Send a code first.');
    await c.otps.authenticate(code, methodId, { session_duration_minutes: 30 });
    return 'Signed in.';
  });
});

byId<HTMLButtonElement>('sign-out').addEventListener('click', () => {
  if (!client) return;
  void client.session.revoke({ forceClear: true }).catch(show);
});

const settings = new FormData(byId<HTMLFormElement>('settings'));
connect(String(settings.get('apiBaseUrl')), String(settings.get('publicToken')));
