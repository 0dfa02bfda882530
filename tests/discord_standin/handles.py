"""What a test gets back for an interaction: ``InteractionHandle`` (live) and ``Response`` (a snapshot).

``Discord.slash``, ``click``, ``select`` and ``submit_modal`` return an ``InteractionHandle``: the
accepted answer (``response()``), the answer message once it stops "thinking" (``settled()``), the
followups, and the callbacks the stand-in refused (``refusal()``, ``attempts``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .model import CALLBACK_MODAL, EPHEMERAL, Attachment, Callback, Interaction, Message, walk_components

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
                   choices=list(callback.data.get("choices") or []), message=callback.message, data=callback.data)


class InteractionHandle:
    """One interaction sent to the bot: its answer, its followups, the refused attempts."""

    def __init__(self, discord_: Discord, record: Interaction) -> None:
        self.discord = discord_
        self.record = record
        self._response: Response | None = None

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
