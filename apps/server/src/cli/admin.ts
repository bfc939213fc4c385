// `npm run admin -- promote <email>` / `demote <email>` / `list`: user roles from the command line.
import { loadConfig } from '../config.js';
import { createDatabase } from '../db/database.js';
import { createUsersRepository, isEmailVerified } from '../modules/users/users.repository.js';

const usage = 'Usage: npm run admin -- promote <email> | demote <email> | list';

async function main() {
  const [command, rawEmail] = process.argv.slice(2);
  if (!command || !['promote', 'demote', 'list'].includes(command) || (command !== 'list' && !rawEmail)) {
    console.error(usage);
    return 2;
  }
  const config = loadConfig();
  const database = createDatabase(config.database);
  try {
    await database.migrate();
    const users = createUsersRepository(database.db, database.dialect);
    if (command === 'list') {
      for (const user of await users.listAll()) console.log(`${user.role.padEnd(5)}  ${user.email}  ${user.name}`);
      return 0;
    }
    const email = rawEmail!.trim().toLowerCase();
    const user = await users.findByEmail(email);
    if (!user) {
      console.error(`No account with the email ${email}. The person signs up first, then you promote them.`);
      return 1;
    }
    // Anyone can sign up any address; only its confirmed owner may become admin.
    if (command === 'promote' && user.role !== 'admin' && !isEmailVerified(user)) {
      console.error(
        `${email} has not confirmed this email address yet, so it cannot become an admin: anyone can sign up with any address. ` +
          'Ask its owner to open the link in the confirmation email the shop sent at sign-up, then promote them.',
      );
      return 1;
    }
    if (command === 'demote') {
      // The same rule as the All Users page: never the shop's last admin.
      const outcome = await users.demoteUnlessLastAdmin(email);
      if (outcome === 'last-admin') {
        console.error(`${email} is the only admin; promote someone else first.`);
        return 1;
      }
      console.log(outcome === 'demoted' ? `${email} is now a customer.` : `${email} already was.`);
      return 0;
    }
    const changed = await users.setRole(email, 'admin');
    console.log(changed ? `${email} is now an admin.` : `${email} already was.`);
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
