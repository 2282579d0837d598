//! The frames waiting to go to one connection: a bounded queue that never blocks its senders.
//!
//! Room actors, the bus and the connection itself put frames in an [`Outbox`]; the
//! connection's writer takes them out of the [`Frames`] end. A reader that falls so far behind
//! that the queue is full (`--outbox-frames`) is not waited for and not buffered: the outbox
//! closes, the writer sends a close frame saying why and drops the connection. Closing is also
//! how the server ends a connection for other reasons (idle, logout, too many connections).

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::{mpsc, watch};

/// The close code of a node that is draining (RFC 6455 §7.4, registered as "Service
/// Restart"): the browser client and the load generator reconnect at once on it.
pub const RESTARTING: u16 = 1012;

/// Why a connection is being closed: the WebSocket close code and a one-sentence reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Close {
    /// The close code (RFC 6455 §7.4).
    pub code: u16,
    /// The reason the client is shown.
    pub reason: String,
    /// Why, in one word, for `/metrics`.
    pub kind: &'static str,
    /// Whether the frames already queued go out before the close (the connection's answers
    /// must reach it), rather than being dropped (a reader too slow to want them).
    pub flush: bool,
}

impl Close {
    /// The client read too slowly: its queue of frames filled up.
    #[must_use]
    pub fn too_slow() -> Close {
        Close {
            code: 1008,
            reason: "you were not reading the frames sent to you; reconnect and read them".into(),
            kind: "too_slow",
            flush: false,
        }
    }

    /// Nothing came from the client (not even a pong) for too long.
    #[must_use]
    pub fn idle(seconds: f64) -> Close {
        Close {
            code: 1008,
            reason: format!(
                "nothing arrived from you for {seconds} seconds; reconnect and answer pings"
            ),
            kind: "idle",
            flush: false,
        }
    }

    /// The session the connection was opened with signed out.
    #[must_use]
    pub fn signed_out() -> Close {
        Close {
            code: 1000,
            reason: "you signed out; sign in again to reconnect".into(),
            kind: "signed_out",
            flush: false,
        }
    }

    /// This node is stopping and its rooms went to other nodes: the client should reconnect
    /// (at once, through the proxy, to another node). Code 1012, "service restart"; the frames
    /// already queued (answers to the last commands) go out first.
    #[must_use]
    pub fn restarting() -> Close {
        Close {
            code: RESTARTING,
            reason: "this server is restarting; reconnect and you will find your game".into(),
            kind: "restarting",
            flush: true,
        }
    }

    /// The server is stopping or the connection's other half ended.
    #[must_use]
    pub fn normal() -> Close {
        Close {
            code: 1000,
            reason: String::new(),
            kind: "normal",
            flush: false,
        }
    }
}

/// Where frames for one connection go; cheap to clone, never blocks.
#[derive(Clone, Debug)]
pub struct Outbox {
    frames: mpsc::Sender<String>,
    close: Arc<watch::Sender<Option<Close>>>,
}

/// The frame was not queued: the connection is closed or closing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotSent;

/// The writer's end of an [`Outbox`].
#[derive(Debug)]
pub struct Frames {
    frames: mpsc::Receiver<String>,
    close: watch::Receiver<Option<Close>>,
}

/// What the writer should do next.
#[derive(Debug)]
pub enum Next {
    /// Send this frame.
    Frame(String),
    /// Send this close frame and end the connection.
    Close(Close),
}

/// A new outbox holding at most `capacity` frames (at least one).
#[must_use]
pub fn outbox(capacity: usize) -> (Outbox, Frames) {
    let (sender, receiver) = mpsc::channel(capacity.max(1));
    let (close, close_receiver) = watch::channel(None);
    (
        Outbox {
            frames: sender,
            close: Arc::new(close),
        },
        Frames {
            frames: receiver,
            close: close_receiver,
        },
    )
}

impl Outbox {
    /// Queues a frame, or, if the queue is full, closes the connection as too slow.
    ///
    /// # Errors
    /// [`NotSent`] if the connection is closed or closing (also when this very frame closed it).
    pub fn send(&self, frame: String) -> Result<(), NotSent> {
        if self.is_closing() {
            return Err(NotSent);
        }
        match self.frames.try_send(frame) {
            Ok(()) => Ok(()),
            Err(mpsc::error::TrySendError::Full(_)) => {
                self.close(Close::too_slow());
                Err(NotSent)
            }
            Err(mpsc::error::TrySendError::Closed(_)) => Err(NotSent),
        }
    }

    /// Closes the connection for `reason` (the first reason given wins); whether this call
    /// was the one that closed it.
    pub fn close(&self, reason: Close) -> bool {
        self.close.send_if_modified(|close| {
            if close.is_some() {
                return false;
            }
            *close = Some(reason);
            true
        })
    }

    /// Whether the connection is closing or its writer is gone.
    #[must_use]
    pub fn is_closing(&self) -> bool {
        self.close.borrow().is_some() || self.frames.is_closed()
    }

    /// Completes when the connection is closing.
    pub async fn closing(&self) {
        let mut close = self.close.subscribe();
        // The sender lives as long as `self`, so this only ends when a reason is set.
        let _ = close.wait_for(Option::is_some).await;
    }
}

impl Frames {
    /// The next thing to do: a close (which comes before any frame still queued, as a closed
    /// connection does not need them, unless the close flushes them), or a frame; `None` when
    /// every outbox is dropped.
    pub async fn next(&mut self) -> Option<Next> {
        let Frames { frames, close } = self;
        tokio::select! {
            biased;
            close = closing(close) => match frames.try_recv() {
                Ok(frame) if close.flush => Some(Next::Frame(frame)),
                _ => Some(Next::Close(close)),
            },
            frame = frames.recv() => frame.map(Next::Frame),
        }
    }

    /// Completes with the reason when a send under way must be abandoned: at once for a close
    /// that drops the queued frames, after `patience` for one that flushes them (a client that
    /// stopped reading must not hold the connection open).
    pub async fn abandoning(&mut self, patience: Duration) -> Close {
        let close = closing(&mut self.close).await;
        if close.flush {
            tokio::time::sleep(patience).await;
        }
        close
    }

    /// A frame already queued, without waiting.
    pub fn try_frame(&mut self) -> Option<String> {
        if self.close.borrow().is_some() {
            return None;
        }
        self.frames.try_recv().ok()
    }
}

/// Completes with the reason when the connection is closing; never if every outbox is gone
/// (nobody can close it then: the frames end instead).
async fn closing(close: &mut watch::Receiver<Option<Close>>) -> Close {
    let reason = close
        .wait_for(Option::is_some)
        .await
        .map(|close| close.clone().unwrap_or_else(Close::normal));
    match reason {
        Ok(reason) => reason,
        Err(_) => std::future::pending().await,
    }
}

#[cfg(test)]
mod tests {
    use super::{Close, Next, NotSent, outbox};

    #[tokio::test]
    async fn a_full_outbox_closes_as_too_slow_and_refuses_more_frames() {
        let (outbox, mut frames) = outbox(2);
        assert_eq!(outbox.send("a".into()), Ok(()));
        assert_eq!(outbox.send("b".into()), Ok(()));
        assert_eq!(outbox.send("c".into()), Err(NotSent));
        assert!(outbox.is_closing());
        assert_eq!(outbox.send("d".into()), Err(NotSent));
        // The close comes before the frames still queued: a slow reader does not get them.
        match frames.next().await {
            Some(Next::Close(close)) => assert_eq!(close, Close::too_slow()),
            other => panic!("expected the close, got {other:?}"),
        }
    }

    #[tokio::test]
    async fn the_first_reason_wins_and_frames_flow_until_then() {
        let (outbox, mut frames) = outbox(4);
        assert_eq!(outbox.send("a".into()), Ok(()));
        assert!(matches!(frames.next().await, Some(Next::Frame(frame)) if frame == "a"));
        assert!(outbox.close(Close::signed_out()));
        assert!(!outbox.close(Close::too_slow()));
        outbox.closing().await;
        assert!(
            matches!(frames.next().await, Some(Next::Close(close)) if close == Close::signed_out())
        );
    }

    #[tokio::test]
    async fn a_restarting_close_comes_after_the_frames_already_queued() {
        let (outbox, mut frames) = outbox(4);
        assert_eq!(outbox.send("answer".into()), Ok(()));
        assert!(outbox.close(Close::restarting()));
        // Nothing more is queued once closing.
        assert_eq!(outbox.send("late".into()), Err(NotSent));
        assert!(matches!(frames.next().await, Some(Next::Frame(frame)) if frame == "answer"));
        match frames.next().await {
            Some(Next::Close(close)) => assert_eq!(close.code, 1012),
            other => panic!("expected the close, got {other:?}"),
        }
    }

    #[tokio::test]
    async fn the_frames_end_when_every_outbox_is_dropped() {
        let (outbox, mut frames) = outbox(4);
        let copy = outbox.clone();
        drop(outbox);
        drop(copy);
        assert!(frames.next().await.is_none());
    }
}
