import { afterAll, describe, expect, it } from 'vitest';
import { useBrowser } from '../../harness/browser';
import { closeAdmin, createUser, signInFast } from '../../harness/users';

const NO_ACCESS = 'Sorry, you do not have access to the site.';

describe('roles and permissions', () => {
  const browser = useBrowser();
  afterAll(closeAdmin);

  it('when engineering grants support2 to a user with no roles, then that user, already signed in, gets access without signing out; revoking takes it away; the audit page shows both', async () => {
    const engineer = await createUser('granter', ['engineering']);
    const target = await createUser('grantee', []);

    const theirs = await browser.newPage();
    await signInFast(theirs, target);
    await theirs.goto('/i/mac/enter-mac');
    await expect.poll(() => theirs.getByTestId('status-message').textContent()).toBe(NO_ACCESS);

    const mine = await browser.newPage();
    await signInFast(mine, engineer);
    await mine.goto('/permissions');
    await mine.getByTestId('user-search').fill(target.email);
    await mine.getByTestId(`edit-roles-${target.email}`).click();
    await mine.getByTestId('role-support2').click();
    await mine.getByTestId('roles-dialog-confirm').click();
    await expect
      .poll(() => mine.getByTestId('roles-dialog').textContent())
      .toContain('Grant: support2. Revoke: none.');
    await mine.getByTestId('roles-dialog-confirm').click();
    await mine.getByTestId('roles-dialog-sent').waitFor();

    // No reload, no sign-out: the roles document changes, the token is refreshed, the page opens.
    await expect
      .poll(() => theirs.getByRole('heading', { name: 'Enter a MAC address' }).count(), { timeout: 20_000 })
      .toBe(1);

    await mine.getByRole('button', { name: 'Close' }).click();
    await mine.getByTestId(`edit-roles-${target.email}`).click();
    await mine.getByTestId('role-support2').click();
    await mine.getByTestId('roles-dialog-confirm').click();
    await expect
      .poll(() => mine.getByTestId('roles-dialog').textContent())
      .toContain('Grant: none. Revoke: support2.');
    await mine.getByTestId('roles-dialog-confirm').click();
    await mine.getByTestId('roles-dialog-sent').waitFor();
    await expect
      .poll(() => theirs.getByTestId('status-message').textContent(), { timeout: 20_000 })
      .toBe(NO_ACCESS);

    await mine.goto('/audit');
    await mine.getByTestId('audit-user').fill(engineer.email);
    await mine.getByTestId('audit-apply').click();
    await expect
      .poll(
        async () =>
          ((await mine.getByTestId('audit-grid').textContent()) ?? '').match(/Role change/g)?.length ?? 0,
        { timeout: 15_000 },
      )
      .toBe(2);
    const grid = (await mine.getByTestId('audit-grid').textContent()) ?? '';
    expect(grid.match(/Role change/g)?.length).toBe(2);
    expect(grid).toContain('"roles":["support2"]');
    expect(grid).toContain('"before":["support2"],"roles":[]');
  });

  it('when a user outside the allowed domains, or one with no roles, signs in, then they see the no-access message', async () => {
    const outsider = await createUser('outsider', ['support3'], `outsider-${Date.now()}@outside.example`);
    const page = await browser.newPage();
    await signInFast(page, outsider);
    for (const path of ['/i/mac/enter-mac', '/permissions', '/fr/threshold']) {
      await page.goto(path);
      await expect
        .poll(() => page.getByTestId('status-message').textContent(), { message: path })
        .toMatch(/^(Sorry, you do not have access to the site\.|Désolé, vous n'avez pas accès au site\.)$/);
    }
    const nobody = await createUser('nobody', []);
    const other = await browser.newPage();
    await signInFast(other, nobody);
    await other.goto('/permissions');
    await expect.poll(() => other.getByTestId('status-message').textContent()).toBe(NO_ACCESS);
  });

  it('when a configured admin e-mail signs in for the first time, then it receives engineering at sign-in', async () => {
    const first = await createUser('first-admin', [], 'first-admin@insight.test');
    const page = await browser.newPage();
    await signInFast(page, first);
    await page.goto('/permissions');
    await expect
      .poll(() => page.getByTestId('my-capabilities').textContent(), { timeout: 20_000 })
      .toContain('Assign roles');
  });

  it('when a support1 user opens /sample or /audit, then they get the no-access page; /permissions shows their own roles', async () => {
    const user = await createUser('s1', ['support1']);
    const page = await browser.newPage();
    await signInFast(page, user);
    for (const path of ['/sample', '/audit']) {
      await page.goto(path);
      await expect
        .poll(() => page.getByTestId('status-message').textContent(), { message: path })
        .toBe(NO_ACCESS);
    }
    await page.goto('/permissions');
    await expect.poll(() => page.getByTestId('my-capabilities').textContent()).toContain('Voice operations');
    expect(await page.getByTestId('user-search').count()).toBe(0);
  });
});
