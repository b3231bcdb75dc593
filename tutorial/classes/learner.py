"""The learner's operations (:class:`LearnerOperations`): join a class by its code, leave
it (their membership and records deleted)."""

from __future__ import annotations

from sqlalchemy import (
    delete,
    func,
    insert,
    select,
)

from tutorial.classes import tokens
from tutorial.classes.errors import (
    AccessError,
    ClassError,
    JoinError,
)
from tutorial.classes.inputs import clean_name
from tutorial.classes.schema import (
    classes,
    join_attempts,
    learners,
)
from tutorial.classes.transactions import StoreCore
from tutorial.language.i18n import t


class LearnerOperations(StoreCore):
    """The learner's operations: join a class, leave it."""

    # --- the learner ---------------------------------------------------------------------

    def join(self, code: str, name: str, client: str, address: str = "") -> str:
        """Join the class whose code this is, under ``name``; returns the learner token
        (the learner's key to their record: kept by their browser, never shown to others).

        ``client`` names who is asking (the app's id for the browser session at its
        address), ``address`` the address alone ("" when unknown: the client stands for
        it). Wrong codes are counted in :attr:`Limits.window` per client, per address and
        for all clients, joins per class; past a limit the join is refused without looking
        at the code. So one pupil's typos block only their own session, a classroom sharing
        one address needs :attr:`Limits.address_failures` wrong codes to be refused, and
        when all clients together spent :attr:`Limits.all_failures`, the addresses with
        fewer than :attr:`Limits.quiet_failures` wrong codes are still served.

        Raises:
            JoinError: no open class has the code, the class is full, or too many tries.
            InputError: the name cannot be stored.
        """
        name = clean_name(name)
        wanted = tokens.normal_join_code(code)
        who = tokens.digest(client[:200] if isinstance(client, str) else "")
        where = (
            tokens.digest("address:" + address[:200])
            if isinstance(address, str) and address
            else who
        )
        lim = self.limits
        minutes = max(1, int(lim.window.total_seconds() // 60))
        now = self.now()
        since = now - lim.window
        refusal: ClassError | None = None
        token = tokens.new_secret()
        with self.write() as conn:
            conn.execute(delete(join_attempts).where(join_attempts.c.at < since))
            wrong = select(func.count()).where(
                join_attempts.c.ok.is_(False), join_attempts.c.at >= since
            )
            if conn.execute(wrong.where(join_attempts.c.client_hash == who)).scalar_one() >= (
                lim.client_failures
            ):
                raise JoinError("too_many_tries", t("classes.too_many_tries", minutes=minutes))
            here = conn.execute(wrong.where(join_attempts.c.address_hash == where)).scalar_one()
            if here >= lim.address_failures:
                raise JoinError("too_busy", t("classes.too_busy", minutes=minutes))
            if here >= lim.quiet_failures and conn.execute(wrong).scalar_one() >= lim.all_failures:
                raise JoinError("too_busy", t("classes.too_busy", minutes=minutes))
            found = None
            if wanted is not None:
                found = conn.execute(
                    select(classes.c.id)
                    .where(
                        classes.c.join_code == wanted,
                        classes.c.join_open.is_(True),
                        classes.c.closed.is_(None),
                    )
                    .with_for_update()
                ).first()
            if found is None:
                conn.execute(
                    insert(join_attempts).values(
                        client_hash=who, address_hash=where, class_id=None, at=now, ok=False
                    )
                )
                refusal = JoinError("bad_code", t("classes.bad_code"))
            else:
                joins = conn.execute(
                    select(func.count()).where(
                        join_attempts.c.class_id == found.id,
                        join_attempts.c.ok.is_(True),
                        join_attempts.c.at >= since,
                    )
                ).scalar_one()
                if joins >= lim.class_joins:
                    raise JoinError("busy_class", t("classes.busy_class", minutes=minutes))
                members = conn.execute(
                    select(func.count()).where(
                        learners.c.class_id == found.id, learners.c.removed.is_(None)
                    )
                ).scalar_one()
                if members >= lim.learners:
                    raise JoinError("class_full", t("classes.class_full", most=lim.learners))
                conn.execute(
                    insert(learners).values(
                        class_id=found.id,
                        display_name=name,
                        token_hash=tokens.digest(token),
                        joined=now,
                        synced=None,
                        removed=None,
                    )
                )
                conn.execute(
                    insert(join_attempts).values(
                        client_hash=who, address_hash=where, class_id=found.id, at=now, ok=True
                    )
                )
        if refusal is not None:  # the wrong try is stored (committed) before the refusal
            raise refusal
        return token

    def leave(self, token: str) -> None:
        """Leave the class: the learner's records and name are deleted; the token opens nothing.

        Raises:
            AccessError: the token opens nothing, the learner was removed, or the class is
                closed (a closed class's records are its teacher's archive: they stay).
        """
        with self.write() as conn:
            row = self.learner_of(conn, token, lock=True)
            if row.class_closed is not None:
                raise AccessError("class_closed", t("classes.class_closed"))
            self.delete_records(conn, row.id)
            conn.execute(delete(learners).where(learners.c.id == row.id))
