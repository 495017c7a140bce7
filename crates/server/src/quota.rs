//! Quotas shared by every request, each with a share per client: the
//! memory of request bodies being read, the memory of answers waiting to
//! be sent, and the search slots. (A *quota*, in this workspace, is what
//! one piece of work may spend — a search's `Limits`, the run's heap; a
//! quota is what all the server's clients share.)
//!
//! Why a type of our own rather than tokio's `Semaphore`: a semaphore
//! bounds the total, but one client (one IP address) holding all of it
//! locks every other client out for as long as it keeps reconnecting.
//! A [`Quota`] bounds the total *and* what one client may hold at once
//! ([`Quota::per_client`]), so a stranger can fill at most its share,
//! and others still find room. A taker that finds no room waits for it
//! until a deadline, in arrival order of wake-ups (every release wakes
//! the waiters, which check again), then gets nothing: the caller answers
//! 503.
//!
//! A [`Charge`] is what was taken; it gives it back when dropped (the
//! request ends, the connection is closed, the answer is sent), so no
//! path can leak it. It may grow ([`Charge::grow`]) for a body of unknown
//! length, under the same rules.

use std::collections::HashMap;
use std::net::{IpAddr, Ipv4Addr};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use tokio::sync::Notify;
use tokio::time::Instant;

/// Who a charge is for: the client's IP address, as the connection says.
/// A request that did not come through a socket (the router's tests) is
/// the unspecified address, one client.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Client(pub IpAddr);

impl Default for Client {
    fn default() -> Client {
        Client(IpAddr::V4(Ipv4Addr::UNSPECIFIED))
    }
}

/// A bounded amount (bytes, or slots), shared by all clients, with a cap
/// on what one client may hold.
pub(crate) struct Quota {
    total: u64,
    per_client: u64,
    state: Mutex<Held>,
    freed: Notify,
}

#[derive(Default)]
struct Held {
    all: u64,
    by_client: HashMap<Client, u64>,
}

impl Quota {
    /// A quota of `total`, of which one client may hold `per_client`
    /// (at least 1, at most `total`).
    pub(crate) fn new(total: u64, per_client: u64) -> Arc<Quota> {
        Arc::new(Quota {
            total,
            per_client: per_client.clamp(1, total.max(1)),
            state: Mutex::new(Held::default()),
            freed: Notify::new(),
        })
    }

    pub(crate) fn total(&self) -> u64 {
        self.total
    }

    pub(crate) fn per_client(&self) -> u64 {
        self.per_client
    }

    /// What all clients hold now.
    #[cfg(test)]
    pub(crate) fn held(&self) -> u64 {
        self.lock().all
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Held> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Takes `amount` for `client` if both the total and the client's
    /// share have room now.
    fn try_add(&self, client: Client, amount: u64) -> bool {
        let mut held = self.lock();
        let mine = held.by_client.get(&client).copied().unwrap_or(0);
        if held.all + amount > self.total || mine + amount > self.per_client {
            return false;
        }
        held.all += amount;
        *held.by_client.entry(client).or_insert(0) += amount;
        true
    }

    fn give_back(&self, client: Client, amount: u64) {
        if amount == 0 {
            return;
        }
        {
            let mut held = self.lock();
            held.all -= amount;
            if let Some(mine) = held.by_client.get_mut(&client) {
                *mine -= amount;
                if *mine == 0 {
                    held.by_client.remove(&client);
                }
            }
        }
        self.freed.notify_waiters();
    }

    /// Waits until `amount` fits for `client` or `deadline` passes.
    async fn add(&self, client: Client, amount: u64, deadline: Instant) -> bool {
        if amount > self.per_client {
            return false;
        }
        loop {
            // Registered before the check, so a release in between wakes it.
            let freed = self.freed.notified();
            tokio::pin!(freed);
            freed.as_mut().enable();
            if self.try_add(client, amount) {
                return true;
            }
            if tokio::time::timeout_at(deadline, freed).await.is_err() {
                return false;
            }
        }
    }

    /// `amount` for `client`, waiting at most `wait` for room; `None` when
    /// none was made in time (or `amount` is past the client's share).
    pub(crate) async fn take(
        self: &Arc<Quota>,
        client: Client,
        amount: u64,
        wait: Duration,
    ) -> Option<Charge> {
        let deadline = Instant::now() + wait;
        self.add(client, amount, deadline).await.then(|| Charge {
            quota: Arc::clone(self),
            client,
            amount,
        })
    }

    /// `amount` for `client` if there is room now.
    pub(crate) fn try_take(self: &Arc<Quota>, client: Client, amount: u64) -> Option<Charge> {
        self.try_add(client, amount).then(|| Charge {
            quota: Arc::clone(self),
            client,
            amount,
        })
    }
}

/// An amount held from a [`Quota`] until dropped.
pub(crate) struct Charge {
    quota: Arc<Quota>,
    client: Client,
    amount: u64,
}

impl Charge {
    pub(crate) fn amount(&self) -> u64 {
        self.amount
    }

    /// Takes `more`, waiting until `deadline` for room; false (holding
    /// what it held) when none was made in time.
    pub(crate) async fn grow(&mut self, more: u64, deadline: Instant) -> bool {
        if self.amount + more > self.quota.per_client {
            return false;
        }
        let ok = self.quota.add(self.client, more, deadline).await;
        if ok {
            self.amount += more;
        }
        ok
    }
}

impl Drop for Charge {
    fn drop(&mut self) {
        self.quota.give_back(self.client, self.amount);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(last: u8) -> Client {
        Client(IpAddr::V4(Ipv4Addr::new(127, 0, 0, last)))
    }

    #[tokio::test]
    async fn one_client_holds_at_most_its_share_and_others_still_find_room() {
        let quota = Quota::new(100, 40);
        let a = quota.try_take(ip(1), 30).unwrap();
        assert!(quota.try_take(ip(1), 20).is_none(), "past the share");
        let b = quota.try_take(ip(2), 40).unwrap();
        let c = quota.try_take(ip(3), 30).unwrap();
        assert!(quota.try_take(ip(4), 1).is_none(), "past the total");
        assert_eq!(quota.held(), 100);
        drop((a, b, c));
        assert_eq!(quota.held(), 0);
        assert!(quota.try_take(ip(1), 41).is_none(), "never past the share");
    }

    #[tokio::test]
    async fn a_waiter_gets_room_when_it_is_freed_and_gives_up_at_its_deadline() {
        let quota = Quota::new(10, 10);
        let held = quota.try_take(ip(1), 10).unwrap();
        let short = quota.take(ip(2), 5, Duration::from_millis(20)).await;
        assert!(short.is_none(), "no room within the wait");
        let waiter = {
            let quota = Arc::clone(&quota);
            tokio::spawn(async move {
                quota
                    .take(ip(2), 5, Duration::from_secs(60))
                    .await
                    .map(|c| c.amount())
            })
        };
        tokio::task::yield_now().await;
        drop(held);
        assert_eq!(waiter.await.unwrap(), Some(5));
        assert_eq!(quota.held(), 0);
    }

    #[tokio::test]
    async fn a_charge_grows_within_the_share() {
        let quota = Quota::new(100, 50);
        let mut c = quota.try_take(ip(1), 10).unwrap();
        let soon = Instant::now() + Duration::from_millis(10);
        assert!(c.grow(30, soon).await);
        assert!(!c.grow(11, soon).await);
        assert_eq!(c.amount(), 40);
        assert_eq!(quota.held(), 40);
        drop(c);
        assert_eq!(quota.held(), 0);
    }
}
