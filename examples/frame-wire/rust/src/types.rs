//! Serde types of the frame protocol, mirroring schemas/frame_wire.json.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FrameStatus {
    Queued,
    Running,
    Done,
    Failed,
    Cancelled,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FrameStatusEvent {
    #[serde(rename = "type")]
    pub kind: String,
    pub frame_id: String,
    pub status: FrameStatus,
    pub queue_position: Option<u32>,
}

#[derive(Debug, Serialize, Deserialize)]
pub struct ErrorDetail {
    pub code: String,
    pub message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub retryable: Option<bool>,
    pub retry_after_ms: Option<u64>,
}
