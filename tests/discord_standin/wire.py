"""How the stand-in speaks HTTP: Discord's error answers, and reading what the bot sent.

``ApiError`` is a Discord refusal (HTTP status, JSON error code, message, optional field errors); the
middleware in ``server`` records it and answers with ``error.body()``. Answers are JSON with
``Content-Type: application/json`` exactly, and the stand-in's own errors are always 4xx (500, 502 and
504 make discord.py retry for 25 s; only the faults a test injects, in ``faults``, are 5xx). Request
bodies are JSON, or multipart with ``payload_json`` and ``files[n]`` parts.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from aiohttp import BodyPartReader, web

from .model import Upload


class ApiError(Exception):
    """A Discord error answer: HTTP status, JSON error code and message (plus optional field errors)."""

    def __init__(self, status: int, code: int, message: str, errors: Mapping[str, Any] | None = None) -> None:
        super().__init__(f"{status} {code} {message}")
        self.status = status
        self.code = code
        self.message = message
        self.errors = dict(errors) if errors else None

    def body(self) -> dict[str, Any]:
        body: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors:
            body["errors"] = self.errors
        return body


def missing_permissions() -> ApiError:
    return ApiError(403, 50013, "Missing Permissions")


def missing_access() -> ApiError:
    return ApiError(403, 50001, "Missing Access")


def invalid_form(field_name: str, problem: str) -> ApiError:
    return ApiError(400, 50035, "Invalid Form Body",
                    {field_name: {"_errors": [{"code": "BASE_TYPE_INVALID", "message": problem}]}})


def json_response(data: Any, status: int = 200) -> web.Response:
    # Exactly "application/json": with "; charset=utf-8" discord.py reads the body as text (pitfall 1).
    return web.Response(status=status, body=json.dumps(data).encode(), headers={"Content-Type": "application/json"})


def snowflake_arg(request: web.Request, name: str) -> int:
    """The path argument ``name`` as a snowflake (400 50035 if it is not one)."""
    value = request.match_info[name]
    if not value.isdigit():
        raise invalid_form(name, "Value is not snowflake.")
    return int(value)


async def read_body(request: web.Request) -> tuple[dict[str, Any], dict[int, Upload]]:
    """The JSON payload and the uploaded files (``files[n]`` parts) of a request."""
    if request.content_type.startswith("multipart/"):
        payload: dict[str, Any] = {}
        files: dict[int, Upload] = {}
        reader = await request.multipart()
        async for part in reader:
            if not isinstance(part, BodyPartReader):
                continue
            match = re.fullmatch(r"files\[(\d+)\]", part.name or "")
            if part.name == "payload_json":
                payload = json.loads(await part.text())
            elif match:
                files[int(match[1])] = Upload(part.filename or f"file{match[1]}",
                                              part.headers.get("Content-Type"), bytes(await part.read()))
        return payload, files
    text = await request.text()
    if not text:
        return {}, {}
    body = json.loads(text)
    return (body if isinstance(body, dict) else {"_list": body}), {}


def query_flag(request: web.Request, name: str) -> bool:
    """Whether a query flag such as ``?wait=true`` or ``?with_response=1`` is set."""
    return request.query.get(name, "").lower() in ("1", "true")
