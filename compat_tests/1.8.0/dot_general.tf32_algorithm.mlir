module {
  func.func @main(%arg0: tensor<1x2xf32>, %arg1: tensor<2x1xf32>) -> tensor<1x1xf32> {
    %0 = shlo.dot_general %arg0, %arg1 {algorithm = #shlo.dot_algorithm<lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false>, dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<1x2xf32>, tensor<2x1xf32>) -> tensor<1x1xf32>
    return %0 : tensor<1x1xf32>
  }
}
