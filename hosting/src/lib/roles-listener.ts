import { doc, onSnapshot } from 'firebase/firestore';
import { db } from './firestore';

/** Calls `onRoles` with the user's roles document (user_roles/{uid}) each time the functions change it. */
export function listenToRoles(uid: string, onRoles: (roles: string[]) => void): () => void {
  return onSnapshot(
    doc(db, 'user_roles', uid),
    (snapshot) => {
      const roles = snapshot.get('roles') as unknown;
      if (snapshot.exists() && Array.isArray(roles)) onRoles(roles as string[]);
    },
    () => undefined,
  );
}
