"""A computer player over the network: the offline players (``game.ai``)
choosing from the view the server sends, for tests and benchmarks.

``Bot.respond()`` says what to send after the session took in a message;
it is transport-free, so the threaded client, the browser client and the
benchmark's asyncio clients all use it.

python -m game.online.bot URL --name NAME [--level easy] [--table JSON] [--token T] [--timeout S] [--matches N]
plays until the match in the room is over (or ``--timeout`` seconds pass:
an hour unless told; ``--matches N``: says PLAY AGAIN until it has played
N), prints why it leaves on stderr and the session's end as JSON (seat,
token, record, why it left, the shuffle and its check; each match's
record and check) on stdout.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from .. import ai
from ..ai.policy import last_action_in_turn
from ..storage.safe_files import write_atomically
from . import chat
from .protocol import Message, Session, event_json

RETRY_AFTER = 1.0  # seconds without a message before a bot says again what it does
TIMEOUT = 3600.0  # seconds a bot plays before it leaves, unless told
LEVEL = "easy"  # how well a bot plays, unless told


class Bot:
    def __init__(
        self,
        session: Session,
        level: str = LEVEL,
        seed: int = 0,
        hands: int | None = None,
        chat_every: float | None = None,
    ) -> None:
        """``hands``: stop asking for the next hand after that many;
        ``chat_every``: say something every that many seconds of a match."""
        self.session = session
        self.hands = hands
        self.chat_every = chat_every
        self._next_chat = 0.0
        self._said = seed  # which saying comes next: each bot starts at its own
        self.player = ai.make(level, seed)
        self._acted: tuple[int, int] | None = None  # the match and its moves when it last answered
        self.refusals = 0
        self.errors: list[str] = []

    def respond(self, message: Message | None = None) -> list[Message]:
        """What to send now: an action once per position (the fallback, its
        last action in turn, after a refusal), ``next`` after a hand."""
        session = self.session
        fallback = message is not None and message.get("type") == "refused"
        if fallback:
            self.refusals += 1
            self._acted = None
        view = session.view
        position = (session.viewed_match, session.moves)
        if view is None or not session.started or session.record is not None or self._acted == position:
            return []
        self._acted = position
        if view.hand_over:
            more = self.hands is None or session.hand < self.hands
            return [{"type": "next"}] if more and not view.match_over else []
        if not view.legal:
            return []
        if view.turn != view.seat:
            if fallback:
                return []  # a catch or a jump-in someone else was quicker to: nothing more to say
            action = self.player.react(view)
            return [] if action is None else [session.act(action)]
        if fallback:
            return [session.act(last_action_in_turn(view.legal))]
        try:
            action = self.player.choose(view)
        except Exception as error:  # a bug must not stall a test: note it
            self.errors.append(repr(error))
            action = last_action_in_turn(view.legal)
        return [session.act(action)]

    def chat(self, now: float) -> list[Message]:
        """A quick chat's saying every ``chat_every`` seconds (``now``, in
        seconds) while the match is on: a chatty person's pace, for the
        benchmark and the pictures. The sayings come round in turn."""
        if self.chat_every is None or not self.session.started or self.session.record is not None:
            return []
        if now < self._next_chat:
            return []
        self._next_chat = now + self.chat_every
        self._said += 1
        return [{"type": "chat", "say": chat.SAYINGS[self._said % len(chat.SAYINGS)]}]

    def retry(self) -> list[Message]:
        """Nothing has come for a while: say again what this seat does (a
        message lost to the rate limit, or to a connection that dropped)."""
        self._acted = None
        return self.respond()


def play(
    url: str,
    name: str,
    level: str = LEVEL,
    table: Message | None = None,
    token: str | None = None,
    timeout: float = TIMEOUT,
    seed: int = 0,
    stop_after_moves: int | None = None,
    token_file: Path | None = None,
    hands: int | None = None,
    chat_every: float | None = None,
    matches: int = 1,
) -> tuple[Session, str, list[Message]]:
    """Join and play until the match is over, saying PLAY AGAIN until it
    has played ``matches`` (or until ``timeout`` seconds pass); the
    session, why the bot left, and each match it saw end (its number,
    record and the shuffle's check)."""
    from .client import Client

    if token is None and token_file is not None and token_file.exists():
        token = token_file.read_text().strip() or None
    client = Client(url, name, token, table).start()
    kept = token
    bot = Bot(client.session, level, seed, hands, chat_every)
    end = time.monotonic() + timeout
    quiet = time.monotonic()
    why = f"--timeout: {timeout:g} seconds have passed"
    ended: list[Message] = []
    try:
        while time.monotonic() < end:
            if client.status == "refused":
                why = f"the server refused the seat: {client.session.errors[-1] if client.session.errors else '?'}"
                break
            messages = client.poll(wait=0.05)
            replies = [reply for message in messages for reply in bot.respond(message)] + bot.chat(time.monotonic())
            if messages:
                quiet = time.monotonic()
            elif time.monotonic() - quiet > RETRY_AFTER:
                replies, quiet = bot.retry(), time.monotonic()
            for reply in replies:
                client.send(reply)
            if token_file is not None and client.session.token not in (None, kept):
                kept = client.session.token
                write_atomically(token_file, str(kept).encode())
            session = client.session
            if session.record is not None and (not ended or ended[-1]["match"] != session.match):
                verdict = None if session.verdict is None else session.verdict.line
                ended.append({"match": session.match, "record": session.record, "verdict": verdict})
                if len(ended) >= matches:
                    why = "the match is over"
                    break
                client.send(session.play_again())
            if stop_after_moves is not None and client.session.moves >= stop_after_moves:
                why = f"--stop-after-moves: {stop_after_moves} moves made at the table"
                break
            view = client.session.view
            if hands is not None and view is not None and view.hand_over and client.session.hand >= hands:
                why = f"--hands: {hands} hands played"
                break
    finally:
        client.close()
    return client.session, why, ended


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m game.online.bot",
        description="A computer player joins a room and plays until the match is over, or --timeout. "
        "It says on stderr why it leaves.",
    )
    parser.add_argument("url", help="the room: ws://HOST:PORT/ROOM (ws://HOST:PORT/ makes a new one)")
    parser.add_argument("--name", default="BOT", help="its name at the table (default BOT)")
    parser.add_argument("--level", default=LEVEL, choices=tuple(ai.LEVELS), help=f"how well it plays (default {LEVEL})")
    parser.add_argument("--table", type=json.loads, default=None, help="the table, as JSON, if it makes the room")
    parser.add_argument("--token", default=None, help="rejoin the seat of this token")
    parser.add_argument("--seed", type=int, default=0, help="its computer player's seed (default 0)")
    parser.add_argument("--token-file", type=Path, default=None, help="keep the seat's token here, and rejoin with it")
    parser.add_argument(
        "--timeout",
        type=float,
        default=TIMEOUT,
        metavar="SECONDS",
        help=f"leave after this many seconds, the match over or not (default {TIMEOUT:g}: an hour)",
    )
    parser.add_argument("--stop-after-moves", type=int, default=None, help="leave once the table has made this many")
    parser.add_argument("--hands", type=int, default=None, help="leave after this many hands")
    parser.add_argument(
        "--chat-every", type=float, default=None, metavar="SECONDS", help="say a quick chat's saying this often"
    )
    parser.add_argument("--matches", type=int, default=1, help="say PLAY AGAIN until it has played this many")
    args = parser.parse_args(argv)
    session, why, ended = play(
        args.url,
        args.name,
        level=args.level,
        table=args.table,
        token=args.token,
        timeout=args.timeout,
        seed=args.seed,
        stop_after_moves=args.stop_after_moves,
        token_file=args.token_file,
        hands=args.hands,
        chat_every=args.chat_every,
        matches=args.matches,
    )
    print(
        json.dumps(
            {
                "seat": session.seat,
                "token": session.token,
                "room": session.room,
                "moves": session.moves,
                "record": session.record,
                "errors": session.errors,
                "hand": session.hand,
                "events": [event_json(e) for e in session.events],
                "refusals": len(session.refusals),
                "left": why,
                "shuffle": session.kept_shuffle(),  # what ``python -m game.online.verify`` checks
                "verdict": None if session.verdict is None else session.verdict.line,
                "matches": ended,
            }
        ),
        flush=True,
    )
    print(f"{args.name} leaves the room: {why}", file=sys.stderr, flush=True)
    done = session.record is not None or args.stop_after_moves is not None or args.hands is not None
    return 0 if done else 1


if __name__ == "__main__":
    sys.exit(main())
