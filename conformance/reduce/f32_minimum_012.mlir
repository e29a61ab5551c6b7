// reduce: oracle jax.lax.reduce (floating sums compared with tolerance: order is unspecified)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[[-0.000000e+00, 0.182429343, 0.893933475, 0.240121156], [0.1597206, -0.756082773, 0.290634274, -0.381008655], [-0.635422468, -0.637030899, 0.759837985, -0.744900405]], [[-0.657894969, -0.538357198, 0.719793558, 0.742480814], [0.693844199, 0.376230806, -0.515523374, 0.713342607], [-0.0269166771, -0.250588387, -0.0905438662, -0.250494629]]]> : tensor<2x3x4xf32>} : () -> tensor<2x3x4xf32>
  %c2 = shlo.constant {value = dense<0x7F800000> : tensor<f32>} : () -> tensor<f32>
  %v3 = "shlo.reduce"(%c1, %c2) ({
  ^bb0(%a0: tensor<f32>, %b0: tensor<f32>):
    %s0 = "shlo.minimum"(%a0, %b0) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "shlo.return"(%s0) : (tensor<f32>) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1>, dimensions = array<i64: 0, 1, 2>} : (tensor<2x3x4xf32>, tensor<f32>) -> tensor<f32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<-0.756082773> : tensor<f32>}} : (tensor<f32>) -> ()
  func.return
}
