//! Deployments: random ones (§15.5) and the guarded chooser for AI seats.

use crate::common;

use common::*;
use zhanqi_core::GameRng;
use zhanqi_siguo::{Deployment, Siguo, SiguoOptions};

#[test]
fn random_deployments_are_valid_and_seeded() {
    let options = SiguoOptions::default();
    let mut rng = GameRng::from_seed(5);
    for number in 1..=4 {
        let deployment = Deployment::random(seat(number), &mut rng);
        assert!(deployment.violations(seat(number), &options).is_empty());
        let text = deployment.to_string();
        assert_eq!(Deployment::parse(&text, 0).unwrap(), deployment);
    }
    let none = zhanqi_core::BySeat::from_fn(|_| None);
    let a = Siguo::deployed(options.clone(), 9, &none).unwrap();
    let b = Siguo::deployed(options, 9, &none).unwrap();
    assert_eq!(fen(&a), fen(&b));
    assert_eq!(field(&a, 2), "1");
}

#[test]
fn guarded_deployments_are_valid() {
    let options = SiguoOptions::default();
    let mut rng = GameRng::from_seed(21);
    for round in 0..200 {
        let seat = seat(round % 4 + 1);
        let deployment = Deployment::guarded(seat, &mut rng);
        assert!(
            deployment.violations(seat, &options).is_empty(),
            "{deployment}"
        );
        let corner_neighbours = deployment
            .soldiers
            .iter()
            .filter(|&&p| {
                zhanqi_siguo::geometry::local_of(p).0 + zhanqi_siguo::geometry::local_of(p).1 == 3
            })
            .count();
        assert_eq!(
            corner_neighbours, 2,
            "the soldiers guard the general: {deployment}"
        );
    }
}
