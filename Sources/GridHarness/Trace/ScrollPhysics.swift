import Foundation

/// UIScrollView's scrolling physics in closed form, as traces are generated with it.
///
/// A fling released at velocity `v0` (points per second) decelerates by a factor `d` every
/// millisecond: `v(t) = v0·d^(1000t)` and `x(t) = x0 + v0·(d^(1000t) − 1)/(1000·ln d)`, with
/// `d` = 0.998 for `UIScrollView.DecelerationRate.normal` and 0.99 for `.fast`. Past an edge
/// the content follows the finger (or the fling) through a rubber band:
/// `b = (1 − 1/(x·0.55/d + 1))·d` for an overshoot `x` and a viewport dimension `d`.
public enum ScrollPhysics {
    /// `UIScrollView.DecelerationRate`.
    public enum Deceleration: String, CaseIterable, Hashable, Sendable {
        case normal
        case fast

        /// The factor by which velocity falls every millisecond.
        public var ratePerMillisecond: Double {
            switch self {
            case .normal: 0.998
            case .fast: 0.99
            }
        }
    }

    /// The velocity `t` seconds after a release at `v0`: `v0·d^(1000t)`.
    public static func velocity(initial v0: Double, rate d: Double, at t: Double) -> Double {
        v0 * pow(d, 1000 * t)
    }

    /// The offset `t` seconds after a release at `x0` with velocity `v0`:
    /// `x0 + v0·(d^(1000t) − 1)/(1000·ln d)`.
    public static func offset(from x0: Double, initialVelocity v0: Double, rate d: Double, at t: Double) -> Double {
        x0 + v0 * (pow(d, 1000 * t) - 1) / (1000 * log(d))
    }

    /// How far a fling travels before it stops: the limit of `x(t) − x0`, `−v0/(1000·ln d)`.
    public static func projectedDistance(initialVelocity v0: Double, rate d: Double) -> Double {
        -v0 / (1000 * log(d))
    }

    /// Seconds until the velocity falls from `v0` to `minimum`: `ln(minimum/|v0|)/(1000·ln d)`;
    /// 0 when it is already below.
    public static func timeToSlow(initialVelocity v0: Double, rate d: Double, to minimum: Double) -> Double {
        guard abs(v0) > minimum, minimum > 0 else { return 0 }
        return log(minimum / abs(v0)) / (1000 * log(d))
    }

    /// How far the content moves for a finger (or fling) overshoot `x ≥ 0` past an edge, in
    /// a viewport whose dimension along the scroll axis is `dimension`:
    /// `(1 − 1/(x·0.55/d + 1))·d`. Always less than `dimension`.
    public static func rubberBand(overshoot x: Double, dimension d: Double) -> Double {
        (1 - 1 / (x * 0.55 / d + 1)) * d
    }

    /// The remaining overshoot `t` seconds into the spring back from `excess`: a critically
    /// damped spring, `excess·(1 + ωt)·e^(−ωt)`.
    public static func springBack(excess: Double, at t: Double, stiffness omega: Double = 15) -> Double {
        excess * (1 + omega * t) * exp(-omega * t)
    }
}
