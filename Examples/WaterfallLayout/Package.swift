// swift-tools-version: 6.0
import PackageDescription

// A layout written only against GridCore, whose own tests run GridBench's conformance
// suite. It depends on the GridBench package by path and uses three of its products.
let package = Package(
    name: "WaterfallLayout",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "WaterfallLayout", targets: ["WaterfallLayout"]),
    ],
    dependencies: [
        .package(name: "GridBench", path: "../.."),
    ],
    targets: [
        .target(
            name: "WaterfallLayout",
            dependencies: [.product(name: "GridCore", package: "GridBench")]),
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
