// The sample's screen, SecurityQuestion (email, answer, 'Sign in'), and Main's block that leads to it ('Sign in with a
// security question'). Parts as every kit screen's: `data-scope="security-question"` and a `data-part` each, a
// context with the screen's state, a default layout, and each part replaceable.
import { type LatchkeyFlowError, useSignInStore } from '@latchkey/hooks';
import { BackButton, createPart, ErrorMessage, type PartProps, Spinner, useMessages } from '@latchkey/ui-unstyled';
import { createContext, type FormEvent, forwardRef, useContext, useId, useState } from 'react';
import { useSecurityQuestionFlow } from '../hooks/useSecurityQuestionFlow';
import { type SecurityQuestionMessageId, securityQuestionMessages } from './messages';

/** The sample's texts, its own catalogue before the host's `strings` (its ids are `MessageId`s: ./messages.ts). */
function useText(): (id: SecurityQuestionMessageId) => string {
  return useMessages(securityQuestionMessages);
}

/** What `useSecurityQuestionScreen` returns: the state of the screen's parts. */
export interface UseSecurityQuestionScreenReturn {
  email: string;
  setEmail(value: string): void;
  answer: string;
  setAnswer(value: string): void;
  isSubmitting: boolean;
  error: LatchkeyFlowError | null;
  submit(event?: FormEvent): void;
  /** The back arrow: → Main. */
  back(): void;
  /** The ids that tie each label to its input and the inputs to the error. */
  ids: { email: string; answer: string; error: string };
}

/** The screen's state: the fields, and `useSecurityQuestionFlow`'s `authenticate` on submit. */
export function useSecurityQuestionScreen(): UseSecurityQuestionScreenReturn {
  const storedEmail = useSignInStore((state) => state.formState.securityQuestionState?.email ?? '');
  const back = useSignInStore((state) => state.back);
  const [email, setEmail] = useState(storedEmail);
  const [answer, setAnswer] = useState('');
  const flow = useSecurityQuestionFlow();
  const id = useId();
  return {
    email,
    setEmail,
    answer,
    setAnswer,
    isSubmitting: flow.status === 'submitting',
    error: flow.error,
    submit(event) {
      event?.preventDefault();
      void flow.authenticate(email, answer);
    },
    back,
    ids: { email: `${id}-email`, answer: `${id}-answer`, error: `${id}-error` },
  };
}

const SCOPE = 'security-question';
const Context = createContext<UseSecurityQuestionScreenReturn | null>(null);
function useScreen(): UseSecurityQuestionScreenReturn {
  const value = useContext(Context);
  if (!value) throw new Error('SecurityQuestionScreen parts must be used within <SecurityQuestionScreen.Provider>');
  return value;
}

const Root = createPart(SCOPE, 'root', 'div');
const Title = createPart(SCOPE, 'title', 'h2');
const Form = createPart(SCOPE, 'form', 'form');
const Label = createPart(SCOPE, 'label', 'label');
const Input = createPart(SCOPE, 'input', 'input');
const Submit = createPart(SCOPE, 'submit', 'button');

/** Provides the screen's state (`useSecurityQuestionScreen()`, or a fixed value) to its parts. */
export const SecurityQuestionScreenProvider = Context.Provider;
/** The screen's container (`data-scope="security-question" data-part="root"`). */
export const SecurityQuestionScreenRoot = Root;

/** The heading 'Answer your security question'. */
export const SecurityQuestionScreenTitle = forwardRef<HTMLHeadingElement, PartProps<'h2'>>(
  function SecurityQuestionScreenTitle(props, ref) {
    const text = useText();
    return (
      <Title tabIndex={-1} {...props} ref={ref}>
        {props.children ?? text('securityQuestion.title')}
      </Title>
    );
  },
);

/** The email field: label and input (`data-part="label"`, `data-part="input"`, `data-field="email"`). */
export function SecurityQuestionScreenEmail() {
  const screen = useScreen();
  const text = useText();
  return (
    <>
      <Label htmlFor={screen.ids.email}>{text('securityQuestion.emailLabel')}</Label>
      <Input
        id={screen.ids.email}
        data-field="email"
        type="email"
        autoComplete="username"
        value={screen.email}
        onChange={(event) => screen.setEmail(event.target.value)}
        aria-invalid={screen.error?.type === 'invalid_email' || undefined}
        aria-describedby={screen.error ? screen.ids.error : undefined}
      />
    </>
  );
}

/** The answer field: label and input (`data-field="answer"`; not autocompleted, like a password). */
export function SecurityQuestionScreenAnswer() {
  const screen = useScreen();
  const text = useText();
  return (
    <>
      <Label htmlFor={screen.ids.answer}>{text('securityQuestion.answerLabel')}</Label>
      <Input
        id={screen.ids.answer}
        data-field="answer"
        type="password"
        autoComplete="off"
        value={screen.answer}
        onChange={(event) => screen.setAnswer(event.target.value)}
        aria-invalid={(screen.error !== null && screen.error.type !== 'invalid_email') || undefined}
        aria-describedby={screen.error ? screen.ids.error : undefined}
      />
    </>
  );
}

/** 'Sign in' (`data-pending`, `aria-busy` while the answer is checked). */
export const SecurityQuestionScreenSubmit = forwardRef<HTMLButtonElement, PartProps<'button'>>(
  function SecurityQuestionScreenSubmit(props, ref) {
    const screen = useScreen();
    const text = useText();
    return (
      <Submit
        type="submit"
        disabled={screen.isSubmitting}
        aria-busy={screen.isSubmitting || undefined}
        data-pending={screen.isSubmitting ? '' : undefined}
        {...props}
        ref={ref}
      >
        {screen.isSubmitting ? <Spinner /> : (props.children ?? text('securityQuestion.submit'))}
      </Submit>
    );
  },
);

/** The flow's error (`role="alert"`), or nothing. */
export function SecurityQuestionScreenError() {
  const screen = useScreen();
  return <ErrorMessage id={screen.ids.error} error={screen.error} />;
}

/** The default layout: back arrow, title, then the form (email, answer, error, 'Sign in'). */
export function SecurityQuestionScreenLayout() {
  const screen = useScreen();
  return (
    <SecurityQuestionScreenRoot>
      <BackButton data-scope={SCOPE} data-part="back" onClick={screen.back} />
      <SecurityQuestionScreenTitle />
      <Form noValidate onSubmit={screen.submit}>
        <SecurityQuestionScreenEmail />
        <SecurityQuestionScreenAnswer />
        <SecurityQuestionScreenError />
        <SecurityQuestionScreenSubmit />
      </Form>
    </SecurityQuestionScreenRoot>
  );
}

/** The sample's screen, SecurityQuestion: an account's email and its security answer sign in. */
export function SecurityQuestionScreen() {
  const value = useSecurityQuestionScreen();
  return (
    <SecurityQuestionScreenProvider value={value}>
      <SecurityQuestionScreenLayout />
    </SecurityQuestionScreenProvider>
  );
}
SecurityQuestionScreen.Provider = SecurityQuestionScreenProvider;
SecurityQuestionScreen.Layout = SecurityQuestionScreenLayout;
SecurityQuestionScreen.Root = SecurityQuestionScreenRoot;
SecurityQuestionScreen.Title = SecurityQuestionScreenTitle;
SecurityQuestionScreen.Email = SecurityQuestionScreenEmail;
SecurityQuestionScreen.Answer = SecurityQuestionScreenAnswer;
SecurityQuestionScreen.Error = SecurityQuestionScreenError;
SecurityQuestionScreen.Submit = SecurityQuestionScreenSubmit;

const BlockRoot = createPart('security-question-login', 'root', 'div');
const BlockButton = createPart('security-question-login', 'button', 'button');

/** Main's block: 'Sign in with a security question' (`data-scope="security-question-login"`), → SecurityQuestion. */
export function SecurityQuestionLoginBlock() {
  const flow = useSecurityQuestionFlow();
  const text = useText();
  return (
    <BlockRoot>
      <BlockButton type="button" onClick={() => flow.start()}>
        {text('securityQuestionLogin.button')}
      </BlockButton>
    </BlockRoot>
  );
}
