// reduce_window: oracle jax.lax.reduce_window
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-0.283836633, -5.541230e-01, 0.343166143, -0.0175589211, -0.0213233754], [-0.523025632, -0.220624134, -0.426918715, 0.113515332, -0.187442407], [4.332730e-02, 0.23351413, 0.291875333, -0.436474621, 0.0623338968], [0.0168237817, 0.791224777, 0.759693086, -0.668266952, -0.645025789]]> : tensor<4x5xf32>} : () -> tensor<4x5xf32>
  %c2 = shlo.constant {value = dense<0.000000e+00> : tensor<f32>} : () -> tensor<f32>
  %v3 = "shlo.reduce_window"(%c1, %c2) ({
  ^bb0(%a0: tensor<f32>, %b0: tensor<f32>):
    %s0 = "shlo.add"(%a0, %b0) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "shlo.return"(%s0) : (tensor<f32>) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1>, window_dimensions = array<i64: 3, 2>, window_strides = array<i64: 1, 2>, base_dilations = array<i64: 2, 1>, window_dilations = array<i64: 1, 1>, padding = dense<[[0, 0], [1, 1]]> : tensor<2x2xi64>} : (tensor<4x5xf32>, tensor<f32>) -> tensor<5x3xf32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-0.806862235, -0.858499705, -0.112809367], [-0.523025632, -0.647542834, -0.0739270746], [-0.47969833, -0.122153372, -0.448067844], [4.332730e-02, 0.525389433, -0.374140739], [0.0601510853, 2.0763073, -1.68743348]]> : tensor<5x3xf32>, rtol = 2.000e-06 : f64, atol = 1.000e-07 : f64}} : (tensor<5x3xf32>) -> ()
  func.return
}
