// Generated from styles.css by scripts/build-styles-text.mjs. Do not edit: edit styles.css and run the script.

/** The text of `styles.css`, adopted into the custom elements' shadow roots. */
export const stylesText = `/*
 * @latchkey/ui-default: the one stylesheet of the themed kit.
 *
 * Everything is driven by --lk-* custom properties in three tiers:
 *   1. global tokens    (--lk-color-primary, --lk-font-family, ...)
 *   2. component tokens (--lk-button-height, --lk-input-radius, ...), defaulting to global tokens
 *   3. per-state rules  ([data-pending], [data-invalid], [data-disabled], [data-status], ...)
 * The defaults are the specification's theme defaults. Markup is reached through the unstyled kit's contract,
 * [data-scope][data-part] attributes, so the widgets need no class names of their own.
 *
 * Overriding: the tokens are declared with zero specificity (:where), and every other rule is \`.lk-Root :where(...)\`
 * (one class), so a rule of yours such as \`.lk-Root { --lk-color-primary: #0057b8 }\` or
 * \`.lk-Root [data-part="submit"] { text-transform: uppercase }\` wins without !important. The \`styles\` option sets
 * the same variables inline on the root.
 */

/* ---------------------------------------------------------------------------------------------------------------
 * Tiers 1 and 2: tokens
 * ------------------------------------------------------------------------------------------------------------- */
:where(.lk-Root) {
  /* Global tokens */
  --lk-color-primary: #19303d;
  --lk-color-secondary: #5c727d;
  --lk-color-success: #0c5a56;
  --lk-color-error: #8b1214;
  --lk-color-border: #adbcc5;
  --lk-color-disabled: #f3f5f6;
  --lk-color-disabled-text: #536770;
  --lk-color-background: #ffffff;
  --lk-color-text: var(--lk-color-primary);
  --lk-color-helper-text: var(--lk-color-secondary);
  --lk-color-focus-ring: var(--lk-color-primary);
  --lk-font-family: Arial, Helvetica, sans-serif;
  --lk-line-height: 1.5;
  --lk-spacing: 8px;

  /* Typography */
  --lk-font-size-header: 24px;
  --lk-font-weight-header: 600;
  --lk-font-size-body: 16px;
  --lk-font-size-helper: 14px;

  /* Container */
  --lk-container-width: 400px;
  --lk-container-radius: 8px;
  --lk-container-background: var(--lk-color-background);
  --lk-container-border-color: var(--lk-color-border);
  --lk-container-padding: 32px;
  --lk-container-gap: 24px;

  /* Buttons */
  --lk-button-height: 45px;
  --lk-button-radius: 4px;
  --lk-button-font-size: var(--lk-font-size-body);
  --lk-button-font-weight: 600;
  --lk-button-primary-background: var(--lk-color-primary);
  --lk-button-primary-text: #ffffff;
  --lk-button-primary-border: var(--lk-color-primary);
  --lk-button-primary-radius: var(--lk-button-radius);
  --lk-button-secondary-background: var(--lk-color-background);
  --lk-button-secondary-text: var(--lk-color-primary);
  --lk-button-secondary-border: var(--lk-color-primary);
  --lk-button-secondary-radius: var(--lk-button-radius);
  --lk-button-disabled-background: var(--lk-color-disabled);
  --lk-button-disabled-text: var(--lk-color-disabled-text);
  --lk-button-disabled-border: var(--lk-color-disabled);
  --lk-button-disabled-radius: var(--lk-button-radius);

  /* Inputs */
  --lk-input-height: 47px;
  --lk-input-radius: 4px;
  --lk-input-background: var(--lk-color-background);
  --lk-input-text: #000000;
  --lk-input-placeholder: var(--lk-color-secondary);
  --lk-input-border: var(--lk-color-secondary);
  --lk-input-invalid-border: var(--lk-color-error);
  --lk-input-readonly-background: var(--lk-color-disabled);

  /* Focus ring */
  --lk-focus-ring-width: 2px;
  --lk-focus-ring-offset: 2px;

  /* Logo and watermark */
  --lk-logo-max-height: 50px;
  --lk-logo-max-width: 100px;
  --lk-watermark-logo-width: 150px;

  /* Method tabs */
  --lk-tab-indicator-height: 3px;

  /* Passcode boxes */
  --lk-otp-digit-width: 47px;
  --lk-otp-digit-height: var(--lk-input-height);
  --lk-otp-digit-font-size: var(--lk-font-size-header);

  /* Password strength meter: weak segments red, strong green */
  --lk-strength-weak: var(--lk-color-error);
  --lk-strength-strong: var(--lk-color-success);
  --lk-strength-empty: var(--lk-color-disabled);
  --lk-strength-segment-height: 4px;

  /* Success graphic, spinner, progress bar */
  --lk-success-icon-size: 96px;
  --lk-spinner-size: 20px;
  --lk-spinner-track: var(--lk-color-border);
  --lk-spinner-color: var(--lk-color-primary);
  --lk-progress-height: 4px;
}

/* ---------------------------------------------------------------------------------------------------------------
 * The container
 * ------------------------------------------------------------------------------------------------------------- */
.lk-Root {
  box-sizing: border-box;
  width: var(--lk-container-width);
  max-width: 100%;
  padding: var(--lk-container-padding);
  border: 1px solid var(--lk-container-border-color);
  border-radius: var(--lk-container-radius);
  background-color: var(--lk-container-background);
  color: var(--lk-color-text);
  font-family: var(--lk-font-family);
  font-size: var(--lk-font-size-body);
  line-height: var(--lk-line-height);
  text-align: left;
}

.lk-Root :where(*, *::before, *::after) {
  box-sizing: border-box;
}

/* The widget roots and every screen: a column */
.lk-Root
  :where(
    [data-scope="sign-in"][data-part="root"],
    [data-scope="reset-password"][data-part="root"],
    [data-scope="main"][data-part="root"],
    [data-scope="email-confirmation"][data-part="root"],
    [data-scope="otp"][data-part="root"],
    [data-scope="otp-confirmation"][data-part="root"],
    [data-scope="login-success"][data-part="root"],
    [data-scope="error"][data-part="root"],
    [data-scope^="password-"][data-part="root"]:not(
      [data-scope="password-input"],
      [data-scope="password-feedback"],
      [data-scope="password-strength"]
    )
  ) {
  display: flex;
  flex-direction: column;
  gap: var(--lk-container-gap);
}

.lk-Root :where([data-scope="password-strength"][data-part="root"], [data-part="strength"]) {
  display: flex;
  flex-direction: column;
  gap: var(--lk-spacing);
}

/* Forms: label, field, error, submit */
.lk-Root :where(form) {
  display: flex;
  flex-direction: column;
  gap: calc(var(--lk-spacing) * 1.5);
  margin: 0;
}

.lk-Root :where(p, ul) {
  margin: 0;
}

/* ---------------------------------------------------------------------------------------------------------------
 * Text
 * ------------------------------------------------------------------------------------------------------------- */
.lk-Root :where(h1, h2, h3, h4, h5, h6, [data-part="title"]) {
  margin: 0;
  color: var(--lk-color-text);
  font-family: var(--lk-font-family);
  font-size: var(--lk-font-size-header);
  font-weight: var(--lk-font-weight-header);
  line-height: 1.25;
}

/* A heading focused by the widget on a screen change is not a control: no ring */
.lk-Root :where(h1, h2, h3, h4, h5, h6, [data-part="title"])[tabindex="-1"]:focus {
  outline: none;
}

.lk-Root
  :where(
    [data-part="description"],
    [data-part="instruction"],
    [data-part="notice"],
    [data-part="set-password-text"],
    [data-part="message"],
    [data-part="verifying"]
  ) {
  color: var(--lk-color-text);
  font-size: var(--lk-font-size-body);
}

.lk-Root
  :where(
    [data-part="countdown"],
    [data-scope="otp"][data-part="resend"],
    [data-scope="password-feedback"][data-part="root"],
    [data-scope="luds-requirements"][data-part="root"]
  ) {
  color: var(--lk-color-helper-text);
  font-size: var(--lk-font-size-helper);
}

/* Logo: at most 50 px high and 100 px wide */
.lk-Root :where([data-part="logo"]) {
  display: block;
  max-width: var(--lk-logo-max-width);
  max-height: var(--lk-logo-max-height);
  object-fit: contain;
}

/* The 'or' divider, with a rule on each side */
.lk-Root :where([data-part="divider"]) {
  display: flex;
  align-items: center;
  gap: calc(var(--lk-spacing) * 1.5);
  color: var(--lk-color-helper-text);
  font-size: var(--lk-font-size-helper);
}

.lk-Root :where([data-part="divider"])::before,
.lk-Root :where([data-part="divider"])::after {
  content: "";
  flex: 1;
  border-top: 1px solid var(--lk-color-border);
}

/* ---------------------------------------------------------------------------------------------------------------
 * Buttons. Primary: submit buttons. Secondary: other actions. Link-like: the small 'Resend code', 'Try again'...
 * ------------------------------------------------------------------------------------------------------------- */
.lk-Root :where(button) {
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: var(--lk-spacing);
  width: 100%;
  min-height: var(--lk-button-height);
  margin: 0;
  padding: 0 calc(var(--lk-spacing) * 2);
  border: 1px solid var(--lk-button-secondary-border);
  border-radius: var(--lk-button-secondary-radius);
  background-color: var(--lk-button-secondary-background);
  color: var(--lk-button-secondary-text);
  font-family: var(--lk-font-family);
  font-size: var(--lk-button-font-size);
  font-weight: var(--lk-button-font-weight);
  line-height: 1.2;
  text-align: center;
  cursor: pointer;
}

.lk-Root :where(button[type="submit"], button[data-part="submit"], .lk-Button--primary) {
  border-color: var(--lk-button-primary-border);
  border-radius: var(--lk-button-primary-radius);
  background-color: var(--lk-button-primary-background);
  color: var(--lk-button-primary-text);
}

.lk-Root :where(.lk-Button--secondary) {
  border-color: var(--lk-button-secondary-border);
  border-radius: var(--lk-button-secondary-radius);
  background-color: var(--lk-button-secondary-background);
  color: var(--lk-button-secondary-text);
}

.lk-Root
  :where(
    button[data-part="resend-button"],
    button[data-part="try-again"],
    button[data-part="forgot-password"],
    button[data-part="create-password"],
    button[data-part="create-password-instead"],
    button.lk-Link
  ) {
  display: inline;
  width: auto;
  min-height: 0;
  padding: 0;
  border: 0;
  border-radius: 2px;
  background: none;
  color: var(--lk-color-primary);
  font-size: inherit;
  text-align: inherit;
  text-decoration: underline;
  text-underline-offset: 2px;
}

.lk-Root :where(button[data-part="forgot-password"], button[data-part="try-again"]) {
  align-self: flex-start;
  font-size: var(--lk-font-size-helper);
}

/* Disabled and busy buttons: the disabled colours (#536770 on #F3F5F6 is 5.4:1, WCAG AA) */
.lk-Root :where(button:disabled, button[data-disabled], button[aria-disabled="true"]) {
  border-color: var(--lk-button-disabled-border);
  border-radius: var(--lk-button-disabled-radius);
  background-color: var(--lk-button-disabled-background);
  color: var(--lk-button-disabled-text);
  cursor: not-allowed;
}

.lk-Root :where(button[data-pending], button[aria-busy="true"]) {
  cursor: progress;
}

/* A disabled link-like button stays a link, greyed (#536770 on white is 5.9:1) */
.lk-Root
  :where(
    button[data-part="resend-button"],
    button[data-part="try-again"],
    button[data-part="forgot-password"],
    button[data-part="create-password"],
    button[data-part="create-password-instead"],
    button.lk-Link
  ):where(:disabled, [data-disabled], [aria-disabled="true"]) {
  background: none;
  color: var(--lk-color-disabled-text);
  text-decoration: none;
}

.lk-Root :where(button[data-part="resend-button"][data-status="sent"]) {
  color: var(--lk-color-success);
  text-decoration: none;
}

/* Links: the web-mail links, error-text links, the watermark */
.lk-Root :where(a) {
  color: var(--lk-color-primary);
  font-weight: 600;
  text-decoration: underline;
  text-underline-offset: 2px;
}

.lk-Root :where([data-scope="email-confirmation"][data-part="links"]) {
  display: flex;
  flex-wrap: wrap;
  gap: var(--lk-spacing) calc(var(--lk-spacing) * 2);
  font-size: var(--lk-font-size-helper);
}

/* The back arrow */
.lk-Root :where([data-part="back"], [data-scope="back-button"][data-part="root"]) {
  align-self: flex-start;
  width: 32px;
  min-height: 32px;
  height: 32px;
  margin: -4px 0 calc(var(--lk-spacing) * -1) -4px;
  padding: 0;
  border: 0;
  border-radius: var(--lk-button-radius);
  background: none;
  color: var(--lk-color-primary);
}

/* ---------------------------------------------------------------------------------------------------------------
 * Fields
 * ------------------------------------------------------------------------------------------------------------- */
.lk-Root :where(label) {
  display: block;
  margin-bottom: calc(var(--lk-spacing) * -0.5);
  color: var(--lk-color-text);
  font-size: var(--lk-font-size-helper);
  font-weight: 600;
}

.lk-Root :where(input:not([type="checkbox"], [type="radio"], [type="hidden"]), select, textarea) {
  width: 100%;
  min-width: 0;
  height: var(--lk-input-height);
  margin: 0;
  padding: 0 calc(var(--lk-spacing) * 1.5);
  border: 1px solid var(--lk-input-border);
  border-radius: var(--lk-input-radius);
  background-color: var(--lk-input-background);
  color: var(--lk-input-text);
  font-family: var(--lk-font-family);
  font-size: var(--lk-font-size-body);
}

.lk-Root :where(input, textarea)::placeholder {
  color: var(--lk-input-placeholder);
  opacity: 1;
}

.lk-Root :where(input[readonly]) {
  background-color: var(--lk-input-readonly-background);
  color: var(--lk-color-text);
}

.lk-Root :where(input:disabled, select:disabled, textarea:disabled) {
  background-color: var(--lk-color-disabled);
  color: var(--lk-color-disabled-text);
  cursor: not-allowed;
}

.lk-Root :where(input, select, textarea):where([data-invalid], [aria-invalid="true"]),
.lk-Root :where([data-part="code-input"][data-invalid] input) {
  border-color: var(--lk-input-invalid-border);
}

/* A password field: the show/hide toggle sits inside the input, on the right, as an eye icon */
.lk-Root :where([data-part="password-field"]) {
  position: relative;
}

.lk-Root :where([data-part="password-field"] input) {
  padding-right: calc(var(--lk-input-height) + 4px);
}

.lk-Root :where([data-part="visibility-toggle"]) {
  align-self: flex-end;
  width: calc(var(--lk-input-height) - 8px);
  min-height: 0;
  height: calc(var(--lk-input-height) - 8px);
  padding: 0;
  border: 0;
  background: none;
  color: var(--lk-color-primary);
  font-size: 0;
}

.lk-Root :where([data-part="password-field"] [data-part="visibility-toggle"]) {
  position: absolute;
  top: 50%;
  right: 4px;
  transform: translateY(-50%);
}

.lk-Root :where([data-part="visibility-toggle"])::before {
  content: "";
  width: 22px;
  height: 22px;
  background-color: currentColor;
  -webkit-mask: var(--lk-icon-eye) center / contain no-repeat;
  mask: var(--lk-icon-eye) center / contain no-repeat;
}

.lk-Root :where([data-part="visibility-toggle"][data-visible])::before {
  -webkit-mask-image: var(--lk-icon-eye-off);
  mask-image: var(--lk-icon-eye-off);
}

/* Passcode: six boxes in a row */
.lk-Root :where([data-part="code-input"]) {
  display: flex;
  justify-content: space-between;
  gap: var(--lk-spacing);
}

.lk-Root :where([data-part="digit"]) {
  width: var(--lk-otp-digit-width);
  height: var(--lk-otp-digit-height);
  padding: 0;
  font-size: var(--lk-otp-digit-font-size);
  text-align: center;
}

/* The country selector above the phone number */
.lk-Root :where(select) {
  padding-right: calc(var(--lk-spacing) * 4);
  appearance: none;
  background-image: var(--lk-icon-chevron);
  background-position: right calc(var(--lk-spacing) * 1.5) center;
  background-repeat: no-repeat;
  background-size: 12px;
}

/* ---------------------------------------------------------------------------------------------------------------
 * Method tabs
 * ------------------------------------------------------------------------------------------------------------- */
.lk-Root :where([data-part="tab-list"]) {
  display: flex;
  margin-bottom: calc(var(--lk-spacing) * 2);
  border-bottom: 1px solid var(--lk-color-border);
}

.lk-Root :where([data-part="tab"]) {
  flex: 1;
  width: auto;
  border: 0;
  border-bottom: var(--lk-tab-indicator-height) solid transparent;
  border-radius: 0;
  background: none;
  color: var(--lk-color-helper-text);
}

.lk-Root :where([data-part="tab"][data-state="active"]) {
  border-bottom-color: var(--lk-color-primary);
  color: var(--lk-color-primary);
}

/* ---------------------------------------------------------------------------------------------------------------
 * Messages and states
 * ------------------------------------------------------------------------------------------------------------- */
.lk-Root
  :where(
    [data-scope="error-message"][data-part="root"],
    [data-part="error"],
    [data-part="resend-error"],
    [data-part="config-error"],
    [data-part="breached-notice"],
    [data-part="warning"]
  ) {
  margin: 0;
  color: var(--lk-color-error);
  font-size: var(--lk-font-size-helper);
}

.lk-Root :where([data-part="countdown"][data-expired]) {
  color: var(--lk-color-error);
}

.lk-Root :where([data-part="error"], [data-part="message"]) :where(a) {
  color: inherit;
}

.lk-Root :where([data-part="suggestions"]) {
  padding-left: calc(var(--lk-spacing) * 2.5);
}

/* The success graphic */
.lk-Root :where(svg[data-part="icon"]) {
  align-self: center;
  width: var(--lk-success-icon-size);
  height: var(--lk-success-icon-size);
  color: var(--lk-color-success);
}

.lk-Root :where([data-scope="back-button"][data-part="icon"]) {
  width: 24px;
  height: 24px;
}

/* ---------------------------------------------------------------------------------------------------------------
 * Password strength: the meter (weak red, strong green) and the LUDS rows
 * ------------------------------------------------------------------------------------------------------------- */
.lk-Root :where([data-scope="strength-meter"][data-part="root"]) {
  display: flex;
  gap: 4px;
}

.lk-Root :where([data-scope="strength-meter"][data-part="segment"]) {
  flex: 1;
  height: var(--lk-strength-segment-height);
  border-radius: calc(var(--lk-strength-segment-height) / 2);
  background-color: var(--lk-strength-empty);
}

.lk-Root :where([data-scope="strength-meter"][data-part="segment"][data-filled][data-tone="weak"]) {
  background-color: var(--lk-strength-weak);
}

.lk-Root :where([data-scope="strength-meter"][data-part="segment"][data-filled][data-tone="strong"]) {
  background-color: var(--lk-strength-strong);
}

.lk-Root :where([data-scope="luds-requirements"][data-part="root"]) {
  display: flex;
  flex-direction: column;
  gap: 4px;
  padding: 0;
  list-style: none;
}

.lk-Root :where([data-scope="luds-requirements"][data-part="row"]) {
  display: flex;
  align-items: flex-start;
  gap: var(--lk-spacing);
}

.lk-Root :where([data-scope="luds-requirements"][data-part="indicator"]) {
  flex: none;
  width: 16px;
  height: 16px;
  margin-top: 2px;
  background-color: var(--lk-color-error);
  -webkit-mask: var(--lk-icon-cross) center / contain no-repeat;
  mask: var(--lk-icon-cross) center / contain no-repeat;
}

.lk-Root :where([data-scope="luds-requirements"][data-part="indicator"][data-met]) {
  background-color: var(--lk-color-success);
  -webkit-mask-image: var(--lk-icon-check);
  mask-image: var(--lk-icon-check);
}

/* ---------------------------------------------------------------------------------------------------------------
 * Spinner and progress bar
 * ------------------------------------------------------------------------------------------------------------- */
.lk-Root :where([data-scope="spinner"][data-part="root"], [data-part="spinner"]) {
  display: inline-block;
  flex: none;
  align-self: center;
  width: var(--lk-spinner-size);
  height: var(--lk-spinner-size);
  border: 2px solid var(--lk-spinner-track);
  border-top-color: var(--lk-spinner-color);
  border-radius: 50%;
  animation: lk-spin 0.8s linear infinite;
}

/* Inside a button the spinner takes the button's text colour */
.lk-Root :where(button [data-scope="spinner"][data-part="root"]) {
  width: 16px;
  height: 16px;
  border-color: currentColor;
  border-top-color: transparent;
}

.lk-Root :where([data-part="verifying"]) {
  display: flex;
  flex-direction: column;
  gap: var(--lk-spacing);
}

.lk-Root :where([data-part="progress"]) {
  position: relative;
  height: var(--lk-progress-height);
  overflow: hidden;
  border-radius: calc(var(--lk-progress-height) / 2);
  background-color: var(--lk-color-disabled);
}

.lk-Root :where([data-part="progress"])::before {
  content: "";
  position: absolute;
  inset: 0 auto 0 0;
  width: 40%;
  border-radius: inherit;
  background-color: var(--lk-color-primary);
  animation: lk-progress 1.2s ease-in-out infinite;
}

@keyframes lk-spin {
  to {
    transform: rotate(360deg);
  }
}

@keyframes lk-progress {
  from {
    transform: translateX(-100%);
  }
  to {
    transform: translateX(250%);
  }
}

@media (prefers-reduced-motion: reduce) {
  .lk-Root :where([data-scope="spinner"][data-part="root"], [data-part="spinner"]) {
    animation-duration: 2.4s;
  }

  .lk-Root :where([data-part="progress"])::before {
    animation-duration: 3.6s;
  }
}

/* ---------------------------------------------------------------------------------------------------------------
 * Watermark: 'Powered by' at the bottom (a logo in it is 150 px wide)
 * ------------------------------------------------------------------------------------------------------------- */
.lk-Root :where([data-scope="watermark"][data-part="root"]) {
  display: flex;
  align-items: center;
  justify-content: center;
  gap: 4px;
  color: var(--lk-color-helper-text);
  font-size: var(--lk-font-size-helper);
  font-weight: 400;
  text-decoration: none;
}

.lk-Root :where([data-scope="watermark"][data-part="root"]) :where(img, svg, [data-part="logo"]) {
  width: var(--lk-watermark-logo-width);
  max-width: none;
  max-height: none;
  height: auto;
}

.lk-Root :where([data-scope="watermark"][data-part="name"]) {
  color: var(--lk-color-primary);
  font-weight: 600;
}

/* ---------------------------------------------------------------------------------------------------------------
 * Focus: a visible ring on everything focusable
 * ------------------------------------------------------------------------------------------------------------- */
.lk-Root :where(:focus-visible) {
  outline: var(--lk-focus-ring-width) solid var(--lk-color-focus-ring);
  outline-offset: var(--lk-focus-ring-offset);
}

.lk-Root :where(input, select, textarea):where(:focus-visible) {
  outline-offset: 0;
  border-color: var(--lk-color-focus-ring);
}

/* ---------------------------------------------------------------------------------------------------------------
 * Toasts (sonner, rendered inside the root): the widget's font
 * ------------------------------------------------------------------------------------------------------------- */
.lk-Root [data-sonner-toaster] {
  font-family: var(--lk-font-family);
}

/* ---------------------------------------------------------------------------------------------------------------
 * Icons (masks, drawn in currentColor)
 * ------------------------------------------------------------------------------------------------------------- */
:where(.lk-Root) {
  --lk-icon-eye: url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='black' stroke-width='2' stroke-linecap='round' stroke-linejoin='round'%3E%3Cpath d='M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z'/%3E%3Ccircle cx='12' cy='12' r='3'/%3E%3C/svg%3E");
  --lk-icon-eye-off: url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='black' stroke-width='2' stroke-linecap='round' stroke-linejoin='round'%3E%3Cpath d='M17.94 17.94A10.1 10.1 0 0 1 12 19c-6.5 0-10-7-10-7a18.5 18.5 0 0 1 5.06-5.94M9.9 4.24A9.1 9.1 0 0 1 12 4c6.5 0 10 7 10 7a18.5 18.5 0 0 1-2.16 3.19M14.12 14.12a3 3 0 1 1-4.24-4.24M2 2l20 20'/%3E%3C/svg%3E");
  --lk-icon-check: url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16' fill='none' stroke='black' stroke-width='2.5' stroke-linecap='round' stroke-linejoin='round'%3E%3Cpath d='M3 8.5l3.5 3.5L13 4.5'/%3E%3C/svg%3E");
  --lk-icon-cross: url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16' fill='none' stroke='black' stroke-width='2.5' stroke-linecap='round'%3E%3Cpath d='M4 4l8 8M12 4l-8 8'/%3E%3C/svg%3E");
  --lk-icon-chevron: url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 12 12' fill='none' stroke='%2319303d' stroke-width='1.5' stroke-linecap='round' stroke-linejoin='round'%3E%3Cpath d='M2 4.5l4 4 4-4'/%3E%3C/svg%3E");
}

/* ---------------------------------------------------------------------------------------------------------------
 * Utilities
 * ------------------------------------------------------------------------------------------------------------- */
.lk-Root :where(.lk-VisuallyHidden) {
  position: absolute;
  width: 1px;
  height: 1px;
  margin: -1px;
  padding: 0;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
  border: 0;
}
`;
