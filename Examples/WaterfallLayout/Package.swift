// swift-tools-version: 6.0
import PackageDescription

// A layout written only against GridCore, whose own tests run GridBench's conformance
// suite, and whose own gate tool (`waterfall-gate`) gates its performance in CI. It
// depends on the GridBench package by path and uses four of its products.
let package = Package(
    name: "WaterfallLayout",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "WaterfallLayout", targets: ["WaterfallLayout"]),
        .executable(name: "waterfall-gate", targets: ["WaterfallGate"]),
    ],
    dependencies: [
        .package(name: "GridBench", path: "../.."),
    ],
    targets: [
        .target(
            name: "WaterfallLayout",
            dependencies: [.product(name: "GridCore", package: "GridBench")]),
        // The performance gate: GridBench's gate, with this package's layout in it.
        .executableTarget(
            name: "WaterfallGate",
            dependencies: [
                "WaterfallLayout", .product(name: "GridGate", package: "GridBench"),
                .product(name: "GridLayouts", package: "GridBench"),
            ]),
        .testTarget(
            name: "WaterfallLayoutTests",
            dependencies: [
                "WaterfallLayout",
                .product(name: "GridCore", package: "GridBench"),
                .product(name: "GridConformance", package: "GridBench"),
                .product(name: "GridConformanceTesting", package: "GridBench"),
            ]),
    ]
)
