// Wire types of the frame protocol, as the web client reads and sends them.
// Hand-written: wirelint types checks them against schemas/frame_wire.json.

export type Role = "system" | "user" | "assistant" | "tool";

export type FrameStatus = "queued" | "running" | "done" | "failed";

export interface Usage {
  input_tokens: number;
  output_tokens: number;
  cache_read_tokens?: number;
}

export interface ErrorDetail {
  code: string;
  message: string;
  retryable: boolean;
}

export interface FrameTurn {
  role: Role;
  content: string;
  sections?: unknown[];
  tool_call_id?: string;
}

export interface DoneEvent {
  type: "done";
  frame_id: string;
  finish_reason: string;
}

export interface HeartbeatEvent {
  type: "heartbeat";
  frame_id: string;
  sent_at?: number;
}
