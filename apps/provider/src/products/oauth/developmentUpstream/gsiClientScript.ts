import { TEST_IDENTITIES } from './testIdentities';

/** What the stand-in script is built with. */
export interface GsiClientScriptOptions {
  /** `POST` here for a credential: `{origin of the provider}/dev/oauth/onetap/credential`. */
  credentialUrl: string;
  /** The only client id the stand-in accepts: the development upstream's `latchkey-dev-google`. */
  clientId: string;
  /** The project's allowed origins: a page elsewhere gets `unregistered_origin`, as Google answers it. */
  allowedOrigins: string[];
}

/**
 * The development stand-in for `https://accounts.google.com/gsi/client`: defines `google.accounts.id` with
 * `initialize`, `prompt`, `renderButton`, `cancel` and `disableAutoSelect` closely enough for the One Tap hook,
 * shows a chooser of the test identities (floating, or inside `prompt_parent_id`'s element), and on a pick asks
 * the provider for a credential and hands it to `initialize`'s callback. It builds every element with DOM calls
 * and `textContent`; nothing is parsed as HTML.
 */
export function gsiClientScript(options: GsiClientScriptOptions): string {
  const config = {
    credentialUrl: options.credentialUrl,
    clientId: options.clientId,
    allowedOrigins: options.allowedOrigins,
    identities: TEST_IDENTITIES.map(({ email, name, emailVerified }) => ({ email, name, emailVerified })),
  };
  // JSON is a JavaScript expression; `<` is escaped anyway so the text is also safe if someone inlines it.
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return `// Latchkey's development stand-in for Google Identity Services (One Tap). Development mode only.
(function () {
  'use strict';
  var CONFIG = ${json};
  var existing = window.google && window.google.accounts && window.google.accounts.id;
  if (existing && existing.__latchkeyDevelopment) return;

  var settings = null;
  var open = null; // { root, listener, selectBy, removeOutside }

  function moment(type, reason) {
    return {
      getMomentType: function () { return type; },
      isDisplayMoment: function () { return type === 'display'; },
      isDisplayed: function () { return type === 'display' && reason === undefined; },
      isNotDisplayed: function () { return type === 'display' && reason !== undefined; },
      getNotDisplayedReason: function () { return type === 'display' ? reason : undefined; },
      isSkippedMoment: function () { return type === 'skipped'; },
      getSkippedReason: function () { return type === 'skipped' ? reason : undefined; },
      isDismissedMoment: function () { return type === 'dismissed'; },
      getDismissedReason: function () { return type === 'dismissed' ? reason : undefined; },
    };
  }

  function notify(listener, type, reason) {
    if (typeof listener !== 'function') return;
    // Google's script reports moments asynchronously, never inside the call that caused them.
    Promise.resolve().then(function () { listener(moment(type, reason)); });
  }

  function notDisplayedReason() {
    if (!settings || !settings.client_id) return 'missing_client_id';
    if (settings.client_id !== CONFIG.clientId) return 'invalid_client';
    if (CONFIG.allowedOrigins.indexOf(window.location.origin) === -1) return 'unregistered_origin';
    return undefined;
  }

  function close(type, reason) {
    if (!open) return;
    var current = open;
    open = null;
    current.removeOutside();
    if (current.root.parentNode) current.root.parentNode.removeChild(current.root);
    notify(current.listener, type, reason);
  }

  function element(tag, style, text) {
    var node = document.createElement(tag);
    if (style) node.setAttribute('style', style);
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function pick(identity, buttons) {
    if (!open) return;
    var current = open;
    var active = settings;
    current.root.setAttribute('aria-busy', 'true');
    buttons.forEach(function (button) { button.disabled = true; });
    var body = {
      email: identity.email,
      name: identity.name,
      email_verified: identity.emailVerified,
      client_id: active.client_id,
    };
    if (active.nonce) body.nonce = active.nonce;
    fetch(CONFIG.credentialUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
      .then(function (response) {
        if (!response.ok) throw new Error('The development credential endpoint answered ' + response.status);
        return response.json();
      })
      .then(function (answer) {
        if (open !== current) return;
        close('dismissed', 'credential_returned');
        if (typeof active.callback === 'function') {
          active.callback({ credential: answer.credential, select_by: current.selectBy, clientId: active.client_id });
        }
      })
      .catch(function () {
        if (open === current) close('skipped', 'issuing_failed');
      });
  }

  function show(listener, selectBy, parent) {
    close('dismissed', 'flow_restarted');
    var floating = !parent;
    var root = element(
      'div',
      floating
        ? 'position:fixed;top:16px;right:16px;z-index:2147483647;width:320px;max-width:calc(100vw - 32px);'
        : 'width:100%;',
    );
    root.setAttribute('role', 'dialog');
    root.setAttribute('aria-labelledby', 'latchkey-gsi-title');
    root.setAttribute('data-latchkey-gsi', 'chooser');
    // Every element carries its own colours: Google's prompt is an iframe the host page's styles cannot reach, while
    // this stand-in lives in the page, where a dark theme's light text colour would otherwise land on its white box.
    var box = element(
      'div',
      'box-sizing:border-box;font:14px/1.4 system-ui,sans-serif;color:#1f1f1f;background:#fff;border:1px solid #dadce0;border-radius:8px;padding:12px;box-shadow:0 2px 8px rgba(0,0,0,.2);',
    );
    var header = element('div', 'display:flex;align-items:center;justify-content:space-between;gap:8px;');
    var title = element('h2', 'font-size:15px;margin:0;color:#1f1f1f;', 'Sign in with Google');
    title.id = 'latchkey-gsi-title';
    var dismiss = element('button', 'font:inherit;color:#1f1f1f;width:auto;min-height:0;border:0;background:none;cursor:pointer;padding:4px 8px;', '\\u00d7');
    dismiss.type = 'button';
    dismiss.setAttribute('aria-label', 'Close');
    dismiss.addEventListener('click', function () { close('skipped', 'user_cancel'); });
    header.appendChild(title);
    header.appendChild(dismiss);
    box.appendChild(header);
    box.appendChild(
      element('p', 'margin:4px 0 8px;color:#5f6368;font-size:12px;', "Latchkey's development stand-in for Google One Tap"),
    );
    var list = element('ul', 'list-style:none;margin:0;padding:0;');
    var buttons = [];
    CONFIG.identities.forEach(function (identity) {
      var item = element('li', 'margin:4px 0;');
      var button = element(
        'button',
        'display:block;width:100%;min-height:0;text-align:left;font:inherit;color:#1f1f1f;padding:6px 8px;border:1px solid #dadce0;border-radius:6px;background:#fff;cursor:pointer;',
      );
      button.type = 'button';
      button.setAttribute('data-email', identity.email);
      button.appendChild(element('span', 'display:block;font-weight:600;', identity.name));
      button.appendChild(
        element('span', 'display:block;color:#5f6368;font-size:12px;', identity.email + (identity.emailVerified ? '' : ' (email not verified)')),
      );
      button.addEventListener('click', function () { pick(identity, buttons); });
      buttons.push(button);
      item.appendChild(button);
      list.appendChild(item);
    });
    box.appendChild(list);
    root.appendChild(box);
    (parent || document.body).appendChild(root);

    var removeOutside = function () {};
    if (settings.cancel_on_tap_outside !== false) {
      var outside = function (event) {
        if (open && open.root === root && !root.contains(event.target)) close('skipped', 'tap_outside');
      };
      // Armed after the click that opened the chooser has finished its dispatch.
      var timer = setTimeout(function () { document.addEventListener('click', outside, true); }, 0);
      removeOutside = function () {
        clearTimeout(timer);
        document.removeEventListener('click', outside, true);
      };
    }
    open = { root: root, listener: listener, selectBy: selectBy, removeOutside: removeOutside };
    notify(listener, 'display');
  }

  function promptParent() {
    var id = settings && settings.prompt_parent_id;
    return id ? document.getElementById(id) : null;
  }

  var api = {
    __latchkeyDevelopment: true,
    initialize: function (configuration) {
      settings = Object.assign({}, configuration || {});
    },
    prompt: function (listener) {
      var reason = notDisplayedReason();
      if (reason) {
        notify(listener, 'display', reason);
        return;
      }
      show(listener, 'user', promptParent());
    },
    renderButton: function (parent, options) {
      if (!parent) return;
      var labels = { signin_with: 'Sign in with Google', signup_with: 'Sign up with Google', continue_with: 'Continue with Google', signin: 'Sign in' };
      var button = element(
        'button',
        'font:14px system-ui,sans-serif;padding:8px 12px;border:1px solid #dadce0;border-radius:4px;background:#fff;color:#1f1f1f;cursor:pointer;',
        labels[(options && options.text) || 'signin_with'] || labels.signin_with,
      );
      button.type = 'button';
      button.setAttribute('data-latchkey-gsi', 'button');
      button.addEventListener('click', function () {
        if (notDisplayedReason()) return;
        show(undefined, 'btn', null);
      });
      while (parent.firstChild) parent.removeChild(parent.firstChild);
      parent.appendChild(button);
    },
    cancel: function () {
      close('dismissed', 'cancel_called');
    },
    disableAutoSelect: function () {},
    storeCredential: function (_credential, callback) {
      if (typeof callback === 'function') callback();
    },
    revoke: function (_hint, callback) {
      if (typeof callback === 'function') callback({ successful: true });
    },
  };

  window.google = window.google || {};
  window.google.accounts = window.google.accounts || {};
  window.google.accounts.id = api;
})();
`;
}
