"""What a test gets back for an interaction: ``InteractionHandle`` (live) and ``Response`` (a snapshot).

``Discord.slash``, ``click``, ``select`` and ``submit_modal`` return an ``InteractionHandle``: the
accepted answer (``response()``), the answer message once it stops "thinking" (``settled()``), the
followups, and the callbacks the stand-in refused (``refusal()``, ``attempts``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .model import (
    CALLBACK_DEFERRED_MESSAGE,
    CALLBACK_DEFERRED_UPDATE,
    CALLBACK_MODAL,
    EPHEMERAL,
    Attachment,
    Callback,
    Interaction,
    Message,
    walk_components,
)

if TYPE_CHECKING:
    from .client import Discord

DEFAULT_TIMEOUT = 2.0  # seconds a wait allows unless told otherwise


@dataclass(frozen=True)
class Response:
    """What the bot answered to an interaction (a snapshot taken when the callback arrived)."""

    type: int
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    choices: list[dict[str, Any]] = field(default_factory=list)
    message: Message | None = None
    data: dict[str, Any] = field(default_factory=dict)
    snapshot_edits: int = 0
    """How many times the answered message had been edited when the callback arrived."""

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def deferred(self) -> bool:
        return self.type in (5, 6)

    @property
    def custom_ids(self) -> list[str]:
        """The custom_ids of the answer's components (of the modal's, for a modal answer)."""
        components = self.data.get("components", []) if self.type == CALLBACK_MODAL else self.components
        return [c["custom_id"] for c in walk_components(components) if "custom_id" in c]

    @classmethod
    def of(cls, callback: Callback) -> Response:
        """From the message as it was when the callback was accepted (``message`` is the live record)."""
        state = callback.snapshot
        return cls(callback.type, state.get("content", ""), list(state.get("embeds", [])),
                   list(state.get("components", [])), list(state.get("attachments", [])), state.get("flags", 0),
                   choices=list(callback.data.get("choices") or []), message=callback.message, data=callback.data,
                   snapshot_edits=state.get("edits", 0))


class InteractionHandle:
    """One interaction sent to the bot: its answer, its followups, the refused attempts."""

    def __init__(self, discord_: Discord, record: Interaction) -> None:
        self.discord = discord_
        self.record = record
        self._response: Response | None = None
        # How often the button's message had been edited when the click was sent: a deferred update is
        # answered by the next edit.
        found = discord_.server.messages.get(record.message_id) if record.message_id else None
        self._edits_when_sent = len(found.versions) if found is not None else 0

    def __repr__(self) -> str:
        return f"<InteractionHandle {self.record!r}>"

    @property
    def id(self) -> int:
        return self.record.id

    @property
    def attempts(self) -> list[Callback]:
        """Every callback POST for this interaction, accepted or refused (404 10062, 400 40060, ...)."""
        return list(self.record.attempts)

    @property
    def refused(self) -> list[Callback]:
        return [c for c in self.record.attempts if not c.accepted]

    async def response(self, timeout: float = DEFAULT_TIMEOUT) -> Response:
        """The accepted answer (callback): its type, content, embeds, components, attachments, flags."""
        if self._response is None:
            callback = await self.discord.wait_for(lambda: self.record.response, timeout,
                                                   f"an answer to {self.record!r}")
            self._response = Response.of(callback)
        return self._response

    async def answer(self, timeout: float = DEFAULT_TIMEOUT) -> Response:
        """What the member finally reads: the answer itself, or — when the bot acknowledged first and
        answered after ("thinking", or a deferred update of the button's message) — the answer message
        once it came, or the first followup (a refusal after a deferred update comes as one)."""
        response = await self.response(timeout)
        if response.type == CALLBACK_DEFERRED_MESSAGE:
            return _answer_from(response, await self.settled(timeout))
        if response.type != CALLBACK_DEFERRED_UPDATE or self.record.message_id is None:
            return response
        target = self.discord.server.messages[self.record.message_id]
        edits = response.snapshot_edits if response.message is not None else self._edits_when_sent

        def changed() -> Message | None:
            if self.record.followups:
                return self.record.followups[0]
            return target if len(target.versions) > edits else None
        return _answer_from(response, await self.discord.wait_for(changed, timeout, f"the answer to {self.record!r}"))

    async def refusal(self, timeout: float = DEFAULT_TIMEOUT) -> Callback:
        """Wait for a callback the stand-in refused (check ``.status`` and ``.code``)."""
        return await self.discord.wait_for(lambda: next(iter(self.refused), None), timeout,
                                           f"a refused answer to {self.record!r}", check_errors=False)

    @property
    def message(self) -> Message | None:
        """The answer's message as it is now (after edits), or None (no message answer yet)."""
        message_id = self.record.response_message_id
        return self.discord.server.messages.get(message_id) if message_id else None

    async def settled(self, timeout: float = DEFAULT_TIMEOUT) -> Message:
        """The answer's message once it is no longer "thinking" (after a defer, the first followup or edit)."""
        def ready() -> Message | None:
            message = self.message
            return message if message is not None and not message.loading else None
        return await self.discord.wait_for(ready, timeout, f"a settled answer to {self.record!r}")

    @property
    def followups(self) -> list[Message]:
        return list(self.record.followups)

    async def followup(self, index: int = 0, timeout: float = DEFAULT_TIMEOUT) -> Message:
        """Wait for followup number ``index`` (0 is the first)."""
        def present() -> Message | None:
            return self.record.followups[index] if len(self.record.followups) > index else None
        return await self.discord.wait_for(present, timeout, f"followup {index} to {self.record!r}")


def _answer_from(response: Response, message: Message) -> Response:
    """The answer as the member reads it: ``message``'s content under the callback's type."""
    return Response(response.type, message.content, list(message.embeds), list(message.components),
                    list(message.attachments), message.flags, message=message, data=response.data,
                    snapshot_edits=response.snapshot_edits)
