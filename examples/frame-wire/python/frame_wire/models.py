"""Pydantic models of the frame protocol, mirroring schemas/frame_wire.json."""

from typing import Literal, Optional

from pydantic import BaseModel, ConfigDict


class SamplingOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")

    temperature: Optional[float] = None
    top_p: Optional[int] = None
    max_output_tokens: Optional[int] = None
    seed: Optional[int] = None


class FrameTurn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    role: Literal["system", "user", "assistant"]
    content: str
    sections: Optional[list] = None
    tool_call_id: Optional[str] = None


class Usage(BaseModel):
    input_tokens: int
    output_tokens: int = 0
    cache_read_tokens: Optional[int] = None
