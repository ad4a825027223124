import { clearSessionCookie, setSessionCookie } from '../../accounts/session-cookie.js';
import { clearSignUpCookie, setSignUpCookie, signUpCookie } from '../../accounts/sign-up-browser.js';
import { VERIFY_LINK_HOURS } from '../../accounts/account-emails.js';
import { problemResponses } from '../../schemas/problem.js';
import { ACCOUNT_ROUTE, type AccountRouteContext } from './account-route.js';
import type { TypeBoxApp } from '../typebox-app.js';
import { ACCEPTED_SCHEMA, body, STRING } from './schemas.js';

const CHECK_MAIL = 'If the address can receive mail, a message is on its way; follow its link.';

// Without SMTP the message is a file on the server: the page says where, or a new user waits for mail that never comes.
const checkMail = (notice: string | undefined) => (notice ? `${CHECK_MAIL} ${notice}` : CHECK_MAIL);

/**
 * Sign-up, e-mail verification, sign-in and out, and passwords.
 * @example await app.register(accountSessionRoutes, { context })
 */
export async function accountSessionRoutes(
  app: TypeBoxApp,
  { context }: { context: AccountRouteContext },
): Promise<void> {
  const { people } = context;
  // Generic so that the route's body schema, and with it `request.body`'s type, passes through.
  const route = <Extra extends object>(summary: string, extra: Extra) => ({
    schema: { ...ACCOUNT_ROUTE, summary, ...extra },
  });

  app.post(
    '/signup',
    route('Sign up: an account on Standard, verified by e-mail', {
      body: body(
        { email: STRING, password: { type: 'string', description: '12 to 256 characters, any characters.' } },
        ['email', 'password'],
      ),
      response: { 202: ACCEPTED_SCHEMA, ...problemResponses(400, 403, 429, 503) },
    }),
    async (request, reply) => {
      const { email, password } = request.body;
      const proof = await people.signUp(email, password, context.clientIp(request));
      // Every accepted sign-up sets it (a decoy for a registered address): the link signs in this browser only.
      setSignUpCookie(reply, signUpCookie(context.publicUrl()), proof, VERIFY_LINK_HOURS * 3_600_000);
      return reply.code(202).send({ status: 'check_your_email', detail: checkMail(people.mailNotice) });
    },
  );

  app.post(
    '/verification',
    route('Send a new verification link', {
      body: body({ email: STRING }, ['email']),
      response: { 202: ACCEPTED_SCHEMA, ...problemResponses(400, 403, 429) },
    }),
    async (request, reply) => {
      await people.resendVerification(request.body.email, context.clientIp(request));
      return reply.code(202).send({ status: 'check_your_email', detail: checkMail(people.mailNotice) });
    },
  );

  app.post(
    '/verification/confirm',
    route(
      "Use a verification link's token: ends every session of that person, and signs in the browser that signed up",
      {
        body: body({ token: STRING }, ['token']),
        response: {
          200: {
            type: 'object',
            required: ['verified', 'signedIn'],
            properties: {
              verified: { type: 'boolean' },
              signedIn: {
                type: 'boolean',
                description:
                  'True when this browser signed up (or was signed in as that person): it has a new session cookie. Any other browser signs in next.',
              },
            },
          },
          ...problemResponses(400, 403),
        },
      },
    ),
    async (request, reply) => {
      const browser = signUpCookie(context.publicUrl());
      const signedIn = await people.verifyEmail(
        request.body.token,
        request.cookies[context.cookie().name],
        request.cookies[browser.name],
      );
      if (signedIn) setSessionCookie(reply, context.cookie(), signedIn.sessionId);
      clearSignUpCookie(reply, browser);
      return { verified: true, signedIn: signedIn !== null };
    },
  );

  app.post(
    '/session',
    route('Sign in (sets the session cookie)', {
      body: body({ email: STRING, password: STRING }, ['email', 'password']),
      response: {
        200: { type: 'object', required: ['signedIn'], properties: { signedIn: { type: 'boolean' } } },
        ...problemResponses(400, 401, 403, 429),
      },
    }),
    async (request, reply) => {
      const { email, password } = request.body;
      const { sessionId } = await people.signIn(email, password, context.clientIp(request));
      setSessionCookie(reply, context.cookie(), sessionId);
      return { signedIn: true };
    },
  );

  app.delete(
    '/session',
    route('Sign out', {
      response: { 204: { type: 'null', description: 'Signed out' }, ...problemResponses(401, 403) },
    }),
    async (request, reply) => {
      await context.session(request);
      await people.signOut(request.cookies[context.cookie().name]);
      clearSessionCookie(reply, context.cookie());
      return reply.code(204).send();
    },
  );

  app.delete(
    '/sessions',
    route('Sign out of every session', {
      response: { 204: { type: 'null', description: 'Every session ended' }, ...problemResponses(401, 403) },
    }),
    async (request, reply) => {
      await people.signOutEverywhere(await context.session(request));
      clearSessionCookie(reply, context.cookie());
      return reply.code(204).send();
    },
  );

  app.post(
    '/password/forgot',
    route('Send a password-reset link', {
      body: body({ email: STRING }, ['email']),
      response: { 202: ACCEPTED_SCHEMA, ...problemResponses(400, 403, 429) },
    }),
    async (request, reply) => {
      await people.forgotPassword(request.body.email, context.clientIp(request));
      return reply.code(202).send({ status: 'check_your_email', detail: checkMail(people.mailNotice) });
    },
  );

  app.post(
    '/password/reset',
    route('Set a new password from a reset link (ends every session)', {
      body: body({ token: STRING, password: STRING }, ['token', 'password']),
      response: {
        200: { type: 'object', required: ['reset'], properties: { reset: { type: 'boolean' } } },
        ...problemResponses(400, 403),
      },
    }),
    async (request) => {
      const { token, password } = request.body;
      await people.resetPassword(token, password);
      return { reset: true };
    },
  );

  app.post(
    '/password',
    route('Change the password (other sessions end)', {
      body: body({ current: STRING, new: STRING }, ['current', 'new']),
      response: {
        200: { type: 'object', required: ['changed'], properties: { changed: { type: 'boolean' } } },
        ...problemResponses(400, 401, 403),
      },
    }),
    async (request) => {
      const session = await context.session(request);
      const { current, new: next } = request.body;
      await people.changePassword(session, current, next);
      return { changed: true };
    },
  );

  app.delete(
    '/account',
    route('Delete the account (keys revoked at once)', {
      body: body({ password: STRING }, ['password']),
      response: { 204: { type: 'null', description: 'Deleted' }, ...problemResponses(400, 401, 403) },
    }),
    async (request, reply) => {
      const session = await context.session(request);
      await people.deleteAccount(session, request.body.password);
      clearSessionCookie(reply, context.cookie());
      return reply.code(204).send();
    },
  );
}
